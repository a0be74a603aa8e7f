import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentInstructions } from '@contract/payments';
import type { PendingUpgrade, Subscription } from '@contract/subscriptions';
import { SubscriptionTab } from '@/app/routes/payments';
import { makePayment, makeSubscription } from '@/test/payment-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

/** The active subscription held in memory, cancelled like the API does. */
function serveSubscription(initial: Subscription | null, pending: PendingUpgrade | null = null) {
  let active = initial;
  return mockFetch(({ method, url }) => {
    if (method === 'GET' && url === '/api/subscriptions/active') return { json: active };
    if (method === 'GET' && url === '/api/subscriptions/pending') return { json: pending };
    if (method === 'GET' && url === '/api/payments/instructions') return { json: INSTRUCTIONS };
    if (method === 'POST' && url === '/api/subscriptions/cancel' && active) {
      active = { ...active, cancelAtPeriodEnd: true };
      return { json: active };
    }
    return undefined;
  });
}

const INSTRUCTIONS: PaymentInstructions = {
  bank_transfer: { text: 'Pay to Example Bank, account 0001.', configured: true },
  crypto: {
    text: 'Your operator has not set a crypto wallet yet: ask your account contact for the address.',
    configured: false,
  },
  confirmationTime: '1-2 business days',
  testMode: false,
};

function pendingUpgrade(overrides: Partial<PendingUpgrade> = {}): PendingUpgrade {
  return {
    subscription: makeSubscription({
      id: 's9',
      tier: 4,
      tierName: 'Director',
      amount: '799.00',
      status: 'pending',
      currentPeriodStart: null,
      currentPeriodEnd: null,
    }),
    payment: makePayment({
      id: 'pay-4711',
      reference: 'PAY-104711',
      amount: '799.00',
      paymentMethod: 'crypto',
      status: 'pending',
    }),
    waitingFor: 'payment',
    ...overrides,
  };
}

describe('a pending upgrade on the Subscription tab', () => {
  it('says it awaits confirmation, what happens next, how to pay and the reference to quote', async () => {
    serveSubscription(null, pendingUpgrade());
    renderWithProviders(<SubscriptionTab onExploreTiers={() => {}} />);
    const card = await screen.findByTestId('pending-upgrade');
    expect(within(card).getByText('Awaiting confirmation')).toBeInTheDocument();
    expect(within(card).queryByText(/Payment received/)).not.toBeInTheDocument();
    expect(within(card).getByText(/\$799\.00 USD per month/)).toBeInTheDocument();
    const steps = within(within(card).getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Send $799.00 USD by crypto using the details below, quoting your reference.',
      'A Director confirms the payment once it arrives, usually within 1-2 business days.',
      'A Director then approves the staff tier. Your tier changes to TIER 4 and you are told by notification and e-mail.',
    ]);
    const how = within(card).getByRole('region', { name: 'How to pay by crypto' });
    expect(
      await within(how).findByText(
        'Your operator has not set a crypto wallet yet: ask your account contact for the address.',
      ),
    ).toBeInTheDocument();
    expect(within(how).getByTestId('payment-reference')).toHaveTextContent('PAY-104711');
    expect(within(how).getByText(/usually within 1-2 business days/)).toBeInTheDocument();
    // Nothing is active yet, and there are no tiers to explore while this one waits.
    expect(await screen.findByText('No Active Subscription')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Explore Tiers' })).not.toBeInTheDocument();
  });

  it('shows the bank details for a bank transfer, and only the approval once the money arrived', async () => {
    serveSubscription(
      null,
      pendingUpgrade({
        payment: makePayment({
          id: 'pay-1',
          amount: '799.00',
          paymentMethod: 'bank_transfer',
          status: 'pending',
        }),
      }),
    );
    const { unmount } = renderWithProviders(<SubscriptionTab onExploreTiers={() => {}} />);
    expect(await screen.findByText('Pay to Example Bank, account 0001.')).toBeInTheDocument();
    unmount();

    serveSubscription(
      null,
      pendingUpgrade({
        waitingFor: 'approval',
        payment: makePayment({
          paymentMethod: 'bank_transfer',
          status: 'completed',
          completedAt: '2026-11-20T10:00:00.000Z',
        }),
      }),
    );
    renderWithProviders(<SubscriptionTab onExploreTiers={() => {}} />);
    const card = await screen.findByTestId('pending-upgrade');
    expect(within(card).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(card).getByText('Payment received on Nov 20, 2026.')).toBeInTheDocument();
    expect(within(card).queryByTestId('payment-instructions')).not.toBeInTheDocument();
  });
});

describe('the Subscription tab', () => {
  it("says 'No Active Subscription' and leads to the tiers", async () => {
    serveSubscription(null);
    const onExploreTiers = vi.fn();
    renderWithProviders(<SubscriptionTab onExploreTiers={onExploreTiers} />);
    expect(await screen.findByText('No Active Subscription')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Explore Tiers' }));
    expect(onExploreTiers).toHaveBeenCalledTimes(1);
  });

  it('shows the tier, status, period and an active auto renewal that can be cancelled', async () => {
    const fetchMock = serveSubscription(makeSubscription());
    const actor = userEvent.setup();
    renderWithProviders(<SubscriptionTab onExploreTiers={() => {}} />);
    const card = await screen.findByTestId('active-subscription');
    expect(within(card).getAllByText('Operator').length).toBeGreaterThan(0);
    expect(within(card).getByText('TIER 2 · Operator')).toBeInTheDocument();
    expect(within(card).getByText('active')).toBeInTheDocument();
    expect(within(card).getByText('Nov 1, 2026')).toBeInTheDocument();
    expect(within(card).getByText('Dec 1, 2026')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();

    await actor.click(within(card).getByRole('button', { name: 'Cancel Auto-Renewal' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel auto-renewal?' });
    await actor.click(within(confirm).getByRole('button', { name: 'Cancel Auto-Renewal' }));

    expect(await screen.findByText('Auto-Renewal Cancelled')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/subscriptions/cancel',
      expect.objectContaining({ method: 'POST', body: '{}' }),
    );
    await waitFor(() => expect(within(card).getByText('Cancelled')).toBeInTheDocument());
    expect(within(card).queryByRole('button', { name: 'Cancel Auto-Renewal' })).not.toBeInTheDocument();
  });

  it('never claims auto renewal for a bank transfer subscription, and says what renewing will ask for', async () => {
    const fetchMock = serveSubscription(makeSubscription({ paymentMethod: 'bank_transfer' }));
    renderWithProviders(<SubscriptionTab onExploreTiers={() => {}} />);
    const card = await screen.findByTestId('active-subscription');
    expect(within(card).queryByText('Auto renewal')).not.toBeInTheDocument();
    expect(within(card).getByText('Renewal')).toBeInTheDocument();
    expect(within(card).getByText('Does not renew by itself')).toBeInTheDocument();
    expect(within(card).getByTestId('renewal-terms')).toHaveTextContent(
      'Paid by bank transfer, so it does not renew by itself: it ends on Dec 1, 2026. To continue then, choose ' +
        'Operator again under Tier Upgrade and pay $99.00 USD by a new bank transfer, quoting the new reference it ' +
        'gives you; a Director confirms it once it arrives, usually within 1-2 business days.',
    );
    expect(within(card).queryByRole('button', { name: 'Cancel Auto-Renewal' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/subscriptions/cancel', expect.anything());
  });

  it('says the same of a crypto subscription', async () => {
    serveSubscription(
      makeSubscription({ paymentMethod: 'crypto', tier: 3, tierName: 'Agent', amount: '299.00' }),
    );
    renderWithProviders(<SubscriptionTab onExploreTiers={() => {}} />);
    const terms = await screen.findByTestId('renewal-terms');
    expect(terms).toHaveTextContent(/^Paid by crypto, so it does not renew by itself/);
    expect(terms).toHaveTextContent(
      'choose Agent again under Tier Upgrade and pay $299.00 USD by a new crypto payment,',
    );
    expect(screen.queryByRole('button', { name: 'Cancel Auto-Renewal' })).not.toBeInTheDocument();
  });

  it("shows a cancelled renewal as 'Cancelled' with no cancel button", async () => {
    serveSubscription(makeSubscription({ cancelAtPeriodEnd: true }));
    renderWithProviders(<SubscriptionTab onExploreTiers={() => {}} />);
    const card = await screen.findByTestId('active-subscription');
    expect(within(card).getByText('Cancelled')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel Auto-Renewal' })).not.toBeInTheDocument();
  });
});
