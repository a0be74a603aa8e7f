import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@contract/payments';
import { PaymentHistory } from '@/features/payments/components/payment-history';
import { SubscriptionPanel } from '@/features/payments/components/subscription-panel';
import { makePayment, makeSubscription } from '@/features/payments/test-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

/** The active subscription held in memory, cancelled like the API does. */
function serveSubscription(initial: Subscription | null) {
  let active = initial;
  return mockFetch(({ method, url }) => {
    if (method === 'GET' && url === '/api/subscriptions/active') return { json: active };
    if (method === 'POST' && url === '/api/subscriptions/cancel' && active) {
      active = { ...active, cancelAtPeriodEnd: true };
      return { json: active };
    }
    return undefined;
  });
}

describe('the Subscription tab (spec 2.21, 4)', () => {
  it("says 'No Active Subscription' and leads to the tiers", async () => {
    serveSubscription(null);
    const onExploreTiers = vi.fn();
    renderWithProviders(<SubscriptionPanel onExploreTiers={onExploreTiers} />);
    expect(await screen.findByText('No Active Subscription')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Explore Tiers' }));
    expect(onExploreTiers).toHaveBeenCalledTimes(1);
  });

  it('shows the tier, status, period and an active auto renewal that can be cancelled', async () => {
    const fetchMock = serveSubscription(makeSubscription());
    const actor = userEvent.setup();
    renderWithProviders(<SubscriptionPanel onExploreTiers={() => {}} />);
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

  it("shows a cancelled renewal as 'Cancelled' with no cancel button", async () => {
    serveSubscription(makeSubscription({ cancelAtPeriodEnd: true }));
    renderWithProviders(<SubscriptionPanel onExploreTiers={() => {}} />);
    const card = await screen.findByTestId('active-subscription');
    expect(within(card).getByText('Cancelled')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel Auto-Renewal' })).not.toBeInTheDocument();
  });
});

describe('the Payment History tab (spec 2.21)', () => {
  it("says 'No Payment History' when there is none", async () => {
    mockFetch(({ url }) => (url === '/api/payments' ? { json: [] } : undefined));
    renderWithProviders(<PaymentHistory />);
    expect(await screen.findByText('No Payment History')).toBeInTheDocument();
  });

  it('lists amount, currency, time, status and method', async () => {
    mockFetch(({ url }) =>
      url === '/api/payments'
        ? {
            json: [
              makePayment({ id: 'p2', paymentMethod: 'bank_transfer', status: 'pending', amount: '2999.00' }),
              makePayment({ id: 'p1' }),
            ],
          }
        : undefined,
    );
    renderWithProviders(<PaymentHistory />);
    const [pending, completed] = await screen.findAllByTestId('payment-row');
    expect(within(pending!).getByText('$2,999.00')).toBeInTheDocument();
    expect(within(pending!).getByText('USD')).toBeInTheDocument();
    expect(within(pending!).getByText('Pending')).toBeInTheDocument();
    expect(within(pending!).getByText('Bank transfer')).toBeInTheDocument();
    expect(within(pending!).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(completed!).getByText('Completed')).toBeInTheDocument();
    expect(within(completed!).getByText('Card')).toBeInTheDocument();
    expect(within(completed!).getByText('Operator (tier 2), monthly')).toBeInTheDocument();
  });
});
