import { formatCount } from '@/lib/format';

/**
 * A count and the word that agrees with it: `plural(1, 'new order')` -> '1 new order', `plural(3, 'new order')` ->
 * '3 new orders'. `many` is for words that do not just take an s (`plural(2, 'query', 'queries')`).
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
