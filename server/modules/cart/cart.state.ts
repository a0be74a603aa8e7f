import type { CartLine } from '../../../contract/cart.js';
import { CoherentCache } from '../../infra/change-feed.js';
import type { AppContext } from '../../infra/context.js';
import type { ModuleState } from '../../infra/module.js';

/** A cart cached for at most 30 s (decision 004), kept coherent by the change feed. */
const CART_TTL_MS = 30_000;
const MAX_CARTS = 20_000;

/** What the cart module keeps per app: each user's cart lines as `GET /api/cart` answers them. */
export interface CartState extends ModuleState {
  /** User id -> the cart's lines. */
  carts: CoherentCache<CartLine[]>;
  forgetUser(userId: string): void;
}

declare module '../../infra/context.js' {
  interface AppModules {
    cart: CartState;
  }
}

export function createCartState(ctx: AppContext): CartState {
  const carts = new CoherentCache<CartLine[]>(ctx.changes, CART_TTL_MS, MAX_CARTS);
  const forgetUser = (userId: string) => carts.delete(userId);
  // A user's row by its trigger (a tier decides what the cart may hold), cart lines by the cart service after its
  // commits (`cartChanged`), product details by their trigger: a cart holding the product is read again.
  ctx.changes.onChange((topic, key) => {
    if (topic === 'user' || topic === 'cart') forgetUser(key);
    else if (topic === 'product') carts.deleteWhere((lines) => lines.some((line) => line.product.id === key));
  });
  return { carts, forgetUser };
}
