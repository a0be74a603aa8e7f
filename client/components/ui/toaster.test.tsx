import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { toast } from '@/components/ui/use-toast';

describe('Toaster', () => {
  it('shows one toast at a time: a new one replaces the old', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Added to Cart', description: 'Item added.' });
    });
    expect(screen.getByText('Added to Cart')).toBeInTheDocument();
    act(() => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to add item to cart' });
    });
    expect(screen.queryByText('Added to Cart')).not.toBeInTheDocument();
    expect(screen.getByText('Failed to add item to cart')).toBeInTheDocument();
    expect(screen.getByText('Error').closest('[data-slot="toast"]')).toHaveAttribute(
      'data-variant',
      'destructive',
    );
  });

  it('closes after 5 seconds', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Copied' });
    });
    const shown = screen.getByText('Copied').closest('[data-slot="toast"]');
    expect(shown).toHaveAttribute('data-state', 'open');
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(shown).toHaveAttribute('data-state', 'open');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Copied')).not.toBeInTheDocument();
  });
});
