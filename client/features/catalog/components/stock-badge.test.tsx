import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StockBadge } from '@/features/catalog/components/stock-badge';

describe('StockBadge', () => {
  it.each([
    [{ inStock: false, stockCount: 0 }, 'OUT OF STOCK', 'destructive'],
    [{ inStock: false, stockCount: 25 }, 'OUT OF STOCK', 'destructive'],
    [{ inStock: true, stockCount: 9 }, 'LIMITED', 'warning'],
    [{ inStock: true, stockCount: 1 }, 'LIMITED', 'warning'],
    [{ inStock: true, stockCount: 10 }, 'IN STOCK', 'primary'],
    [{ inStock: true, stockCount: null }, 'IN STOCK', 'primary'],
  ])('%o reads %s', (product, label, tone) => {
    render(<StockBadge product={product} />);
    const badge = screen.getByText(label);
    expect(badge).toHaveAttribute('data-slot', 'badge');
    expect(badge.className).toContain(`text-${tone === 'destructive' ? 'red-400' : tone}`);
  });
});
