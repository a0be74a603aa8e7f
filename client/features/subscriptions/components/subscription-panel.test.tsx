import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@contract/subscriptions';
import { SubscriptionPanel } from '@/features/subscriptions/components/subscription-panel';
import { makeSubscription } from '@/test/payment-fixtures';
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

describe('the Subscription tab', () => {
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
