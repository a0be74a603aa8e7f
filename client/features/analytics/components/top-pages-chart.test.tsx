import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TopPagesChart } from '@/features/analytics/components/top-pages-chart';

const pages = [
  { page: '/marketplace', views: 5400, uniqueVisitors: 1200 },
  {
    page: '/investigations/a-very-long-path-that-would-overlap-its-neighbours',
    views: 2700,
    uniqueVisitors: 0,
  },
  { page: '/digital', views: 100, uniqueVisitors: 90 },
];

describe('TopPagesChart', () => {
  it('names its colours in a legend and gives each page a row with its path and both figures', () => {
    render(<TopPagesChart pages={pages} />);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Views', 'Unique visitors']);
    const table = screen.getByRole('table', { name: 'Top pages' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(
      pages.map((p) => p.page),
    );
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5,400', '1,200']);
  });

  it('draws the bars on one scale: the largest figure fills the row, none stays empty', () => {
    render(<TopPagesChart pages={pages} />);
    const views = screen.getAllByTestId('top-page-bar-views').map((bar) => bar.style.width);
    const visitors = screen.getAllByTestId('top-page-bar-uniqueVisitors').map((bar) => bar.style.width);
    expect(views).toEqual(['100%', '50%', '2%']);
    // The browser's CSS serialiser rounds the percentage (jsdom to six significant digits): compare the number.
    expect(visitors[0]).toMatch(/%$/);
    expect(parseFloat(visitors[0]!)).toBeCloseTo((1200 / 5400) * 100, 3);
    expect(visitors[1]).toBe('0%');
  });
});
