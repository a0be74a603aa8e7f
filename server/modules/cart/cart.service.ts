import type { AddToCartRequest, CartLine, UpdateCartRequest } from '../../../contract/cart.js';
import { CART_QUANTITY_MAX } from '../../../contract/cart.js';
import type { DbOrTx } from '../../db/client.js';
import { announceChange } from '../../infra/change-feed.js';
import type { AppContext } from '../../infra/context.js';
import { isId } from '../../lib/ids.js';
import { AppError, notFound, tierRequired, validationFailed } from '../../lib/errors.js';
import type { UserRow } from '../../db/schema/users.js';
import * as catalog from '../catalog/catalog.service.js';
import * as repository from './cart.repository.js';

export type { CartLineRow } from './cart.repository.js';

interface Sellable {
  name: string;
  minimumTier: number;
  inStock: boolean;
  stockCount: number | null;
}

export function outOfStock(name: string) {
  return new AppError('OUT_OF_STOCK', `${name} is out of stock`);
}

/** The rules every cart change and the checkout share: tier, then stock, then the requested quantity. */
export function assertSellable(user: Pick<UserRow, 'tier'>, product: Sellable, quantity: number): void {
  if (user.tier < product.minimumTier) throw tierRequired(product.minimumTier);
  if (!product.inStock) throw outOfStock(product.name);
  if (quantity > CART_QUANTITY_MAX) {
    throw validationFailed([{ path: 'quantity', message: `Quantity must be at most ${CART_QUANTITY_MAX}` }]);
  }
  if (product.stockCount !== null && quantity > product.stockCount) {
    throw validationFailed([
      { path: 'quantity', message: `Only ${product.stockCount} of ${product.name} in stock` },
    ]);
  }
}

export async function listCart(ctx: AppContext, userId: string): Promise<CartLine[]> {
  return ctx.modules.cart.carts.get(userId, () => repository.listLines(ctx.db, userId));
}

async function lineOrNotFound(db: DbOrTx, userId: string, lineId: string): Promise<CartLine> {
  const line = isId(lineId) ? await repository.findLine(db, userId, lineId) : null;
  if (!line) throw notFound('Cart item');
  return line;
}

/** Adding a product already in the cart raises that line's quantity. */
export async function addToCart(
  ctx: AppContext,
  user: UserRow,
  input: Required<AddToCartRequest>,
): Promise<CartLine> {
  const product = await catalog.findProduct(ctx, input.productId);
  if (!product) throw notFound('Product');
  const existing = await repository.findLineForProduct(ctx.db, user.id, product.id);
  assertSellable(user, product, (existing?.quantity ?? 0) + input.quantity);
  const lineId = await repository.addQuantity(ctx.db, user.id, product.id, input.quantity);
  if (!lineId) {
    throw validationFailed([{ path: 'quantity', message: `Quantity must be at most ${CART_QUANTITY_MAX}` }]);
  }
  await cartChanged(ctx, user.id);
  return lineOrNotFound(ctx.db, user.id, lineId);
}

export async function updateCartLine(
  ctx: AppContext,
  user: UserRow,
  lineId: string,
  input: UpdateCartRequest,
): Promise<CartLine> {
  const line = await lineOrNotFound(ctx.db, user.id, lineId);
  assertSellable(user, line.product, input.quantity);
  await repository.setQuantity(ctx.db, user.id, lineId, input.quantity);
  await cartChanged(ctx, user.id);
  return { ...line, quantity: input.quantity };
}

export async function removeCartLine(ctx: AppContext, userId: string, lineId: string): Promise<void> {
  const removed = isId(lineId) && (await repository.deleteLine(ctx.db, userId, lineId));
  if (!removed) throw notFound('Cart item');
  await cartChanged(ctx, userId);
}

/** For the checkout: the cart's lines, locked until the transaction ends so a second checkout waits. */
export async function lockCart(db: DbOrTx, userId: string) {
  return repository.listLines(db, userId, { lock: true });
}

/** Inside the checkout's transaction; the checkout calls `cartChanged` once it has committed. */
export async function emptyCart(db: DbOrTx, userId: string): Promise<void> {
  await repository.deleteAllLines(db, userId);
}

/**
 * After a committed change to a user's cart: this instance forgets it at once, the others when the announcement
 * arrives (cart lines are written often, so they are announced from here rather than by a trigger).
 */
export async function cartChanged(ctx: AppContext, userId: string): Promise<void> {
  ctx.modules.cart.carts.delete(userId);
  await announceChange(ctx.db, 'cart', userId);
}
