import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPayment } from '@contract/payments';
import type { AdminUpgrade } from '@contract/subscriptions';
import { ApprovalsPanel } from '@/app/routes/payments';
import { makePayment, makeSubscription } from '@/test/payment-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function serveQueues(payments: AdminPayment[], upgrades: AdminUpgrade[]) {
  let pending = payments;
  let waiting = upgrades;
  return mockFetch(({ method, url }) => {
    if (method === 'GET' && url === '/api/admin/payments?status=pending') return { json: pending };
    if (method === 'GET' && url === '/api/admin/upgrades') return { json: waiting };
    const confirmed = url.match(/^\/api\/admin\/payments\/(.+)\/confirm$/)?.[1];
    if (method === 'POST' && confirmed) {
      const payment = pending.find((entry) => entry.id === confirmed)!;
      pending = pending.filter((entry) => entry.id !== confirmed);
      waiting = waiting.map((entry) => ({ ...entry, paymentStatus: 'completed' }));
      return { json: { ...payment, status: 'completed' } };
    }
    const approved = url.match(/^\/api\/admin\/upgrades\/(.+)\/approve$/)?.[1];
    if (method === 'POST' && approved) {
      const upgrade = waiting.find((entry) => entry.id === approved)!;
      waiting = waiting.filter((entry) => entry.id !== approved);
      return { json: { ...upgrade, status: 'active' } };
    }
    return undefined;
  });
}

describe('the Approvals tab', () => {
  it('confirms a pending payment, then approves the upgrade it paid for; the lists refresh', async () => {
    const fetchMock = serveQueues(
      [
        {
          ...makePayment({ id: 'p9', status: 'pending', paymentMethod: 'crypto' }),
          userEmail: 'op@example.com',
        },
      ],
      [
        {
          ...makeSubscription({ id: 's9', tier: 4, tierName: 'Director', status: 'pending' }),
          userEmail: 'op@example.com',
          currentTier: 1,
          paymentStatus: 'pending',
        },
      ],
    );
    const actor = userEvent.setup();
    renderWithProviders(<ApprovalsPanel />);

    const payment = await screen.findByTestId('pending-payment');
    expect(within(payment).getByText(/Crypto/)).toBeInTheDocument();
    const upgrade = await screen.findByTestId('pending-upgrade');
    expect(within(upgrade).getByText('TIER 1 → TIER 4')).toBeInTheDocument();
    expect(within(upgrade).getByRole('button', { name: /^Approve/ })).toBeDisabled();

    await actor.click(within(payment).getByRole('button', { name: 'Confirm payment of op@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm the money arrived?' });
    await actor.click(within(confirm).getByRole('button', { name: 'Confirm $99.00 USD received' }));
    expect(await screen.findByText('Payment Confirmed')).toBeInTheDocument();
    expect(await screen.findByText('No payments are waiting for confirmation.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Approve upgrade of op@example.com' })).toBeEnabled(),
    );

    await actor.click(screen.getByRole('button', { name: 'Approve upgrade of op@example.com' }));
    expect(await screen.findByText('No upgrades are waiting for approval.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/admin/upgrades/s9/approve',
      expect.objectContaining({ method: 'POST' }),
    );
  });
});
