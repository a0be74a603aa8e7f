import { describe, expect, it } from 'vitest';
import { plural } from '@/lib/plural';

describe('plural', () => {
  it('agrees with the count', () => {
    expect(plural(1, 'new order')).toBe('1 new order');
    expect(plural(0, 'new order')).toBe('0 new orders');
    expect(plural(2, 'new order')).toBe('2 new orders');
    expect(plural(12345, 'view')).toBe('12,345 views');
    expect(plural(1, 'query', 'queries')).toBe('1 query');
    expect(plural(3, 'query', 'queries')).toBe('3 queries');
  });
});
