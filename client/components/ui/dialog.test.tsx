import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** A dialog opened by a plain button that sets state, as most dialogs here are (no DialogTrigger). */
function StateDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Details</DialogTitle>
          <DialogDescription>Something to read.</DialogDescription>
          <input aria-label="Field" />
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent', () => {
  it('keeps the focus inside while open and gives it back to the button that opened it', async () => {
    const actor = userEvent.setup();
    render(<StateDialog />);
    const opener = screen.getByRole('button', { name: 'Open it' });
    opener.focus();
    await actor.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Details' });
    for (let i = 0; i < 5; i++) {
      await actor.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await actor.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
