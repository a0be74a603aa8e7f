import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GstReturnsCard } from '@/features/orders/components/gst-returns-card';
import { renderWithProviders } from '@/test/render';

describe('GstReturnsCard', () => {
  it('links each GSTR-1 table of this month, and of the month a Director picks', () => {
    renderWithProviders(<GstReturnsCard />);
    const thisMonth = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const links = within(screen.getByRole('list', { name: 'GSTR-1 tables' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur'].map(
        (table) => `/api/admin/gst-returns?month=${thisMonth}&table=${table}`,
      ),
    );
    expect(screen.getByRole('link', { name: 'B2B invoices (buyers with a GSTIN)' })).toHaveAttribute(
      'download',
    );

    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-04' } });
    expect(screen.getByRole('link', { name: 'Credit notes, registered buyers' })).toHaveAttribute(
      'href',
      '/api/admin/gst-returns?month=2026-04&table=cdnr',
    );
  });
});
