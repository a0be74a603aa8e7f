import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingUpgrade, UpgradeOutcome } from '@contract/subscriptions';
import { TierUpgradePanel } from '@/features/subscriptions/components/tier-upgrade-panel';
import { makePayment, makeSubscription, makeUpgradeResponse } from '@/test/payment-fixtures';
import { mockFetch, UNAUTHENTICATED, type MockReply } from '@/test/fetch-mock';
import { loginRedirect } from '@/test/login-redirect';
import { renderWithProviders } from '@/test/render';

vi.mock('@/lib/api-client', async (importOriginal) =>
  (await import('@/test/login-redirect')).recordLoginRedirects(await importOriginal()),
);

beforeEach(() => loginRedirect.mockClear());

function renderPanel(
  userTier: number,
  reply: (body: unknown) => MockReply = () => ({ status: 500 }),
  pending: PendingUpgrade | null = null,
) {
  const fetchMock = mockFetch(({ method, url, body }) => {
    if (method === 'GET' && url === '/api/subscriptions/pending') return { json: pending };
    return method === 'POST' && url === '/api/upgrade-tier' ? reply(body) : undefined;
  });
  const onUpgraded = vi.fn();
  renderWithProviders(<TierUpgradePanel userTier={userTier} onUpgraded={onUpgraded} />);
  return { fetchMock, onUpgraded };
}

function card(name: string): HTMLElement {
  return screen.getByRole('group', { name });
}

async function openPayment(actor: ReturnType<typeof userEvent.setup>, plan: string) {
  await actor.click(within(card(plan)).getByRole('button', { name: `Upgrade to ${plan}` }));
  return screen.findByRole('dialog', { name: 'Complete Payment' });
}

function upgradeCalls(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/upgrade-tier' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

describe('tier cards', () => {
  it('shows the three paid tiers with monthly and yearly prices in dollars', async () => {
    renderPanel(1);
    expect(screen.getAllByTestId('tier-card')).toHaveLength(3);
    expect(within(card('Operator')).getByTestId('tier-price')).toHaveTextContent('$99');
    expect(within(card('Agent')).getByTestId('tier-price')).toHaveTextContent('$299');
    expect(within(card('Director')).getByTestId('tier-price')).toHaveTextContent('$799');
    expect(within(card('Director')).getByText('Admin panel access')).toBeInTheDocument();

    const yearly = screen.getByRole('button', { name: 'Yearly (Save 17%)' });
    expect(yearly).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(yearly);
    expect(yearly).toHaveAttribute('aria-pressed', 'true');
    expect(within(card('Operator')).getByTestId('tier-price')).toHaveTextContent('$999');
    expect(within(card('Agent')).getByTestId('tier-price')).toHaveTextContent('$2,999');
    expect(within(card('Director')).getByTestId('tier-price')).toHaveTextContent('$7,999');
  });

  it("disables 'Current Tier' at and below the user's tier, and offers 'Upgrade' above it", () => {
    renderPanel(3);
    for (const plan of ['Operator', 'Agent']) {
      const button = within(card(plan)).getByRole('button', { name: 'Current Tier' });
      expect(button).toBeDisabled();
    }
    expect(within(card('Agent')).getByText('Current Tier', { selector: '[data-slot=badge]' })).toBeVisible();
    expect(within(card('Director')).getByRole('button', { name: 'Upgrade to Director' })).toBeEnabled();
  });

  it('disables every Upgrade while an upgrade waits, saying why, and never calls the server', async () => {
    const pending: PendingUpgrade = {
      subscription: makeSubscription({ tier: 3, tierName: 'Agent', amount: '299.00', status: 'pending' }),
      payment: makePayment({ status: 'pending', paymentMethod: 'crypto', amount: '299.00' }),
      waitingFor: 'payment',
    };
    const { fetchMock } = renderPanel(1, () => ({ status: 201 }), pending);
    const agentButton = () => within(card('Agent')).getByRole('button', { name: 'Upgrade to Agent' });
    await waitFor(() => expect(agentButton()).toBeDisabled());
    const agent = agentButton();
    expect(agent).toHaveTextContent('Awaiting Confirmation');
    expect(agent).toHaveAccessibleDescription(
      'Your upgrade to TIER 3 is awaiting confirmation: Payments › Subscription shows how to pay.',
    );
    for (const plan of ['Operator', 'Director']) {
      const button = within(card(plan)).getByRole('button', { name: `Upgrade to ${plan}` });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(
        'Your upgrade to TIER 3 is awaiting confirmation; another upgrade can start once it is settled.',
      );
    }
    await userEvent.setup().click(agent);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(upgradeCalls(fetchMock)).toEqual([]);
  });

  it('enables every card for a tier 1 user', () => {
    renderPanel(1);
    expect(screen.queryByRole('button', { name: 'Current Tier' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Upgrade to / })).toHaveLength(3);
  });
});

describe("the 'Complete Payment' dialog", () => {
  it('shows the amount and currency read-only and offers card, crypto and bank transfer', async () => {
    const actor = userEvent.setup();
    renderPanel(1);
    await actor.click(screen.getByRole('button', { name: 'Yearly (Save 17%)' }));
    const dialog = await openPayment(actor, 'Agent');
    const amount = within(dialog).getByLabelText('Amount');
    expect(amount).toHaveValue('2999.00');
    expect(amount).toHaveAttribute('readonly');
    const currency = within(dialog).getByLabelText('Currency');
    expect(currency).toHaveValue('USD');
    expect(currency).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('radio', { name: /Card/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Crypto/ })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Bank transfer/ })).not.toBeChecked();
  });

  it("upgrades with a card: 'Tier Upgraded', the dialog closes and the user is refreshed", async () => {
    const actor = userEvent.setup();
    const { fetchMock, onUpgraded } = renderPanel(1, () => ({
      status: 201,
      json: makeUpgradeResponse('active', 2),
    }));
    const dialog = await openPayment(actor, 'Operator');
    await actor.click(within(dialog).getByRole('button', { name: 'Pay $99.00' }));

    expect(await screen.findByText('Tier Upgraded')).toBeInTheDocument();
    expect(screen.getByText('You now hold TIER 2 (Operator) clearance.')).toBeInTheDocument();
    expect(upgradeCalls(fetchMock)).toEqual([{ tier: 2, billing: 'monthly', paymentMethod: 'stripe' }]);
    expect(onUpgraded).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each<[string, UpgradeOutcome, string, string, RegExp]>([
    [
      'a bank transfer',
      'pending_payment',
      'Operator',
      'Bank transfer',
      /takes effect once a Director confirms your payment\. How to pay and your reference are under Payments › Subscription/,
    ],
    [
      'tier 4 paid by crypto',
      'pending_payment',
      'Director',
      'Crypto',
      /^A Director confirms your payment, then approves TIER 4 \(Director\)/,
    ],
    ['tier 4', 'pending_approval', 'Director', 'Card', /a Director approves it before it takes effect/],
  ])('explains that %s waits', async (_, outcome, plan, method, description) => {
    const actor = userEvent.setup();
    const tier = plan === 'Director' ? 4 : 2;
    const paymentMethod = { Card: 'stripe', Crypto: 'crypto', 'Bank transfer': 'bank_transfer' }[method];
    const { fetchMock } = renderPanel(1, () => ({ status: 201, json: makeUpgradeResponse(outcome, tier) }));
    const dialog = await openPayment(actor, plan);
    await actor.click(within(dialog).getByRole('radio', { name: new RegExp(method) }));
    await actor.click(within(dialog).getByRole('button', { name: /^(Pay|Record) / }));

    expect(
      await screen.findByText(outcome === 'pending_payment' ? 'Awaiting Confirmation' : 'Awaiting Approval'),
    ).toBeInTheDocument();
    // The toast's own description: Radix also repeats the whole toast, title and all, in a hidden live region a frame
    // later, which a pattern for part of the text would find a second time.
    expect(
      screen.getByText(description, { selector: '[data-slot="toast-description"]' }),
    ).toBeInTheDocument();
    // Money that has not arrived is never called received.
    if (outcome === 'pending_payment') expect(screen.queryByText(/Payment received/)).not.toBeInTheDocument();
    expect(upgradeCalls(fetchMock)).toEqual([{ tier, billing: 'monthly', paymentMethod }]);
  });

  it("shows 'Payment Failed' with the server's message and keeps the dialog open", async () => {
    const actor = userEvent.setup();
    const { onUpgraded } = renderPanel(1, () => ({
      status: 400,
      json: { message: 'The card was declined', code: 'VALIDATION_FAILED' },
    }));
    const dialog = await openPayment(actor, 'Operator');
    await actor.click(within(dialog).getByRole('button', { name: 'Pay $99.00' }));

    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('The card was declined')).toBeInTheDocument();
    expect(onUpgraded).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Complete Payment' })).toBeInTheDocument();
  });

  it('says an upgrade already waits, not that the payment failed, when another tab started one', async () => {
    const actor = userEvent.setup();
    const message =
      'Your upgrade to Agent (tier 3) is still waiting for confirmation; another upgrade can be asked for once it is settled';
    const { onUpgraded } = renderPanel(1, () => ({
      status: 409,
      json: { message, code: 'UPGRADE_PENDING' },
    }));
    const dialog = await openPayment(actor, 'Operator');
    await actor.click(within(dialog).getByRole('button', { name: 'Pay $99.00' }));

    expect(await screen.findByText('Upgrade Already Waiting')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Payment Failed')).not.toBeInTheDocument();
    expect(onUpgraded).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends a lost session to sign in again after half a second', async () => {
    const actor = userEvent.setup();
    renderPanel(1, () => UNAUTHENTICATED);
    const dialog = await openPayment(actor, 'Operator');
    await actor.click(within(dialog).getByRole('button', { name: 'Pay $99.00' }));

    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('Please log in again to upgrade your tier.')).toBeInTheDocument();
    expect(screen.queryByText('Payment Failed')).not.toBeInTheDocument();
    await waitFor(() => expect(loginRedirect).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
  });
});
