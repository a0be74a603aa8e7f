import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { DecisionQueue, type DecisionMutation } from '@/components/ui/decision-queue';
import type { ListQuery } from '@/components/ui/list-states';
import { Toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';

interface Payment {
  id: string;
  email: string;
  ready: boolean;
}
type Action = 'confirm' | 'fail';

const payments: Payment[] = [
  { id: 'p1', email: 'ann@example.com', ready: true },
  { id: 'p2', email: 'bob@example.com', ready: false },
];

function query(patch: Partial<ListQuery<Payment[]>>): ListQuery<Payment[]> {
  return { isPending: false, isError: false, data: payments, refetch: vi.fn(), ...patch };
}

/** A mutation whose outcome the test picks: it records each call and settles it at once. */
function mutation(
  outcome: { ok: true } | { ok: false; error: unknown },
  patch: Partial<Pick<DecisionMutation<Action>, 'isPending' | 'variables'>> = {},
): DecisionMutation<Action> & { mutate: Mock<DecisionMutation<Action>['mutate']> } {
  const mutate = vi.fn<DecisionMutation<Action>['mutate']>((_variables, { onSuccess, onError }) => {
    if (outcome.ok) onSuccess();
    else onError(outcome.error);
  });
  return { isPending: false, variables: undefined, ...patch, mutate };
}

function renderQueue(
  q: ListQuery<Payment[]>,
  m: DecisionMutation<Action>,
  canApprove?: (item: Payment) => boolean,
) {
  return render(
    <>
      <DecisionQueue<Payment, Action>
        title="Payments to confirm"
        description="Bank transfers waiting for a Director."
        query={q}
        mutation={m}
        texts={{
          loading: 'Loading payments',
          error: 'Could not load the payments.',
          empty: 'No payments are waiting.',
          list: 'Payments waiting',
        }}
        itemTestId="payment-row"
        decisions={{
          approve: { action: 'confirm', label: 'Confirm', toast: 'Payment confirmed' },
          reject: { action: 'fail', label: 'Fail', toast: 'Payment failed' },
        }}
        subject={(item) => `payment of ${item.email}`}
        canApprove={canApprove}
        failedText="The decision was not saved."
      >
        {(item) => <span>{item.email}</span>}
      </DecisionQueue>
      <Toaster />
    </>,
  );
}

function toastOf(title: string): HTMLElement | null {
  return screen.getByText(title).closest('[data-slot="toast"]');
}

describe('DecisionQueue', () => {
  it('shows the title, description and a labelled list with one row per item', () => {
    renderQueue(query({}), mutation({ ok: true }));
    expect(screen.getByRole('heading', { name: 'Payments to confirm' })).toBeInTheDocument();
    expect(screen.getByText('Bank transfers waiting for a Director.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Payments waiting' });
    const rows = within(list).getAllByTestId('payment-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('ann@example.com');
    expect(within(rows[1]!).getByRole('button', { name: 'Fail payment of bob@example.com' })).toBeEnabled();
  });

  it('while loading shows the spoken label, on error the reason and a retry', async () => {
    const { unmount } = renderQueue(query({ isPending: true, data: undefined }), mutation({ ok: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading payments');
    expect(screen.queryByRole('list', { name: 'Payments waiting' })).not.toBeInTheDocument();
    unmount();
    const refetch = vi.fn();
    renderQueue(query({ isError: true, data: undefined, refetch }), mutation({ ok: true }));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the payments.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('an empty queue says so', () => {
    renderQueue(query({ data: [] }), mutation({ ok: true }));
    expect(screen.getByText('No payments are waiting.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Payments waiting' })).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('payment-row')).toHaveLength(0);
  });

  it('approving sends the item id and the approve action, then toasts its title and the subject', async () => {
    const m = mutation({ ok: true });
    renderQueue(query({}), m);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm payment of ann@example.com' }));
    expect(m.mutate).toHaveBeenCalledTimes(1);
    expect(m.mutate.mock.calls[0]?.[0]).toEqual({ id: 'p1', action: 'confirm' });
    expect(toastOf('Payment confirmed')).toHaveTextContent('The payment of ann@example.com.');
    expect(toastOf('Payment confirmed')).not.toHaveAttribute('data-variant', 'destructive');
  });

  it('rejecting sends the reject action and toasts its own title', async () => {
    const m = mutation({ ok: true });
    renderQueue(query({}), m);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fail payment of bob@example.com' }));
    expect(m.mutate.mock.calls[0]?.[0]).toEqual({ id: 'p2', action: 'fail' });
    expect(toastOf('Payment failed')).toHaveTextContent('The payment of bob@example.com.');
  });

  it('a refused decision toasts "Error" with the API\'s reason', async () => {
    const error = new ApiError(
      409,
      'Conflict',
      JSON.stringify({ message: 'Already decided', code: 'CONFLICT' }),
    );
    renderQueue(query({}), mutation({ ok: false, error }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm payment of ann@example.com' }));
    expect(toastOf('Error')).toHaveAttribute('data-variant', 'destructive');
    expect(toastOf('Error')).toHaveTextContent('Already decided');
    expect(screen.queryByText('Payment confirmed')).not.toBeInTheDocument();
  });

  it('a 401 shows the logged-out toast instead of the failure toast', () => {
    const error = new ApiError(401, 'Unauthorized', '');
    renderQueue(query({}), mutation({ ok: false, error }));
    // The redirect to /api/login waits on a timer: a fake one, dropped after the test, never navigates jsdom.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm payment of ann@example.com' }));
    });
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it('turns off only the buttons of the item in flight', () => {
    renderQueue(
      query({}),
      mutation({ ok: true }, { isPending: true, variables: { id: 'p2', action: 'confirm' } }),
    );
    expect(screen.getByRole('button', { name: 'Confirm payment of ann@example.com' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Fail payment of ann@example.com' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Confirm payment of bob@example.com' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Fail payment of bob@example.com' })).toBeDisabled();
  });

  it('a settled mutation whose variables still name an item does not keep its buttons off', () => {
    renderQueue(
      query({}),
      mutation({ ok: true }, { isPending: false, variables: { id: 'p2', action: 'fail' } }),
    );
    expect(screen.getByRole('button', { name: 'Fail payment of bob@example.com' })).toBeEnabled();
  });

  it('canApprove keeps Approve off for the items it refuses, Reject on', () => {
    renderQueue(query({}), mutation({ ok: true }), (item) => item.ready);
    expect(screen.getByRole('button', { name: 'Confirm payment of ann@example.com' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Confirm payment of bob@example.com' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Fail payment of bob@example.com' })).toBeEnabled();
  });
});
