import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPayment } from '@contract/payments';
import { PendingPaymentsPanel } from '@/features/payments/components/pending-payments-panel';
import { makePayment } from '@/test/payment-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const TRANSFER: AdminPayment = {
  ...makePayment({
    id: '6f1c2a4e-0000-4000-8000-000000000001',
    reference: 'PAY-104711',
    amount: '82998.00',
    currency: 'INR',
    paymentMethod: 'bank_transfer',
    status: 'pending',
    purpose: 'order',
    description: 'Equipment order (2 items)',
  }),
  userEmail: 'dana@example.com',
};

/** The Directors' queue of one bank transfer; confirming it empties the queue. */
function serveQueue() {
  let pending = [TRANSFER];
  return mockFetch(({ method, url }) => {
    if (method === 'GET' && url === '/api/admin/payments?status=pending') return { json: pending };
    if (method === 'POST' && url === `/api/admin/payments/${TRANSFER.id}/confirm`) {
      pending = [];
      return { json: { ...TRANSFER, status: 'completed' } };
    }
    return undefined;
  });
}

const confirmCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/confirm'));

describe("the Directors' pending payments", () => {
  it('shows the reference to match, not the id', async () => {
    serveQueue();
    renderWithProviders(<PendingPaymentsPanel />);
    const row = await screen.findByTestId('pending-payment');
    expect(row).toHaveTextContent('Reference PAY-104711');
    expect(row).not.toHaveTextContent(TRANSFER.id);
  });

  it('asks again with the amount, reference, method and payer before it confirms the money arrived', async () => {
    const fetchMock = serveQueue();
    const actor = userEvent.setup();
    renderWithProviders(<PendingPaymentsPanel />);
    const row = await screen.findByTestId('pending-payment');

    // The first click only asks.
    await actor.click(within(row).getByRole('button', { name: 'Confirm payment of dana@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the money arrived?' });
    expect(confirmCalls(fetchMock)).toHaveLength(0);
    const facts = within(dialog).getByTestId('payment-to-confirm');
    expect(within(facts).getByText('₹82,998 INR')).toBeInTheDocument();
    expect(within(facts).getByText('PAY-104711')).toBeInTheDocument();
    expect(within(facts).getByText('Bank transfer')).toBeInTheDocument();
    expect(within(facts).getByText('dana@example.com')).toBeInTheDocument();

    // Cancel sends nothing.
    await actor.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirmCalls(fetchMock)).toHaveLength(0);

    // The second step's own button confirms.
    await actor.click(within(row).getByRole('button', { name: 'Confirm payment of dana@example.com' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm the money arrived?' });
    await actor.click(within(again).getByRole('button', { name: 'Confirm ₹82,998 INR received' }));
    expect(await screen.findByText('Payment Confirmed')).toBeInTheDocument();
    expect(confirmCalls(fetchMock)).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/admin/payments/${TRANSFER.id}/confirm`,
      expect.objectContaining({ method: 'POST' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No payments are waiting for confirmation.')).toBeInTheDocument();
  });

  it('fails a payment in one step: only confirming money needs the second', async () => {
    const fetchMock = mockFetch(({ method, url }) => {
      if (method === 'GET' && url === '/api/admin/payments?status=pending') return { json: [TRANSFER] };
      if (method === 'POST' && url === `/api/admin/payments/${TRANSFER.id}/fail`) {
        return { json: { ...TRANSFER, status: 'failed' } };
      }
      return undefined;
    });
    renderWithProviders(<PendingPaymentsPanel />);
    const row = await screen.findByTestId('pending-payment');
    await userEvent
      .setup()
      .click(within(row).getByRole('button', { name: 'Fail payment of dana@example.com' }));
    expect(await screen.findByText('Payment Marked Failed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/admin/payments/${TRANSFER.id}/fail`,
      expect.objectContaining({ method: 'POST' }),
    );
  });
});
