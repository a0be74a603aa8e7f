import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DecisionButtons } from '@/components/ui/decision-buttons';

describe('DecisionButtons', () => {
  it('names each button by its word and the subject, and tells which was pressed', async () => {
    const onDecide = vi.fn();
    render(<DecisionButtons subject="upgrade of ann@example.com" busy={false} onDecide={onDecide} />);
    const approve = screen.getByRole('button', { name: 'Approve upgrade of ann@example.com' });
    const reject = screen.getByRole('button', { name: 'Reject upgrade of ann@example.com' });
    expect(approve).toHaveTextContent('Approve');
    expect(reject).toHaveTextContent('Reject');
    const user = userEvent.setup();
    await user.click(approve);
    await user.click(reject);
    expect(onDecide.mock.calls).toEqual([[true], [false]]);
  });

  it('uses the given words', () => {
    render(
      <DecisionButtons
        subject="payment of ann@example.com"
        busy={false}
        onDecide={() => {}}
        labels={{ approve: 'Confirm', reject: 'Fail' }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Confirm payment of ann@example.com' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Fail payment of ann@example.com' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });

  it('busy turns both off', async () => {
    const onDecide = vi.fn();
    render(<DecisionButtons subject="x" busy onDecide={onDecide} />);
    expect(screen.getByRole('button', { name: 'Approve x' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject x' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reject x' }));
    expect(onDecide).not.toHaveBeenCalled();
  });

  it('canApprove false turns only Approve off', async () => {
    const onDecide = vi.fn();
    render(<DecisionButtons subject="x" busy={false} canApprove={false} onDecide={onDecide} />);
    expect(screen.getByRole('button', { name: 'Approve x' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reject x' }));
    expect(onDecide).toHaveBeenCalledWith(false);
  });
});
