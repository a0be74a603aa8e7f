import type { CartLine } from '@contract/cart';
import { toAmount } from '@/lib/format';

type PricedLine = Pick<CartLine, 'quantity'> & { product: Pick<CartLine['product'], 'price'> };

/** Unit price times quantity, not rounded to whole rupees. */
export function lineTotal(line: PricedLine): number {
  return toAmount(line.product.price) * line.quantity;
}

/** The sum of price times quantity over the lines, likewise unrounded. */
export function cartTotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}
