import { and, asc, eq, sql } from 'drizzle-orm';
import { CART_QUANTITY_MAX } from '../../../contract/cart.js';
import type { DbOrTx } from '../../db/client.js';
import { cartItems, products } from '../../db/schema/index.js';

const lineColumns = {
  id: cartItems.id,
  quantity: cartItems.quantity,
  product: {
    id: products.id,
    name: products.name,
    price: products.price,
    imageUrl: products.imageUrl,
    minimumTier: products.minimumTier,
    inStock: products.inStock,
    stockCount: products.stockCount,
  },
};

/** A product taken off sale (not approved) drops out of the cart and so out of the checkout. */
const sellable = and(eq(products.id, cartItems.productId), eq(products.approvalStatus, 'approved'));

export type CartLineRow = Awaited<ReturnType<typeof listLines>>[number];

export async function listLines(db: DbOrTx, userId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(products, sellable)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return options.lock ? query.for('update', { of: cartItems }) : query;
}

export async function findLine(db: DbOrTx, userId: string, lineId: string) {
  const [row] = await db
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(products, sellable)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)));
  return row ?? null;
}

export async function findLineForProduct(db: DbOrTx, userId: string, productId: string) {
  const [row] = await db
    .select({ id: cartItems.id, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  return row ?? null;
}

/**
 * Adds to the user's line for the product (creating it when missing). The update only happens while the sum stays
 * within the cart's maximum, so two concurrent adds can never push a line past it; null means it would have.
 */
export async function addQuantity(
  db: DbOrTx,
  userId: string,
  productId: string,
  quantity: number,
): Promise<string | null> {
  const [row] = await db
    .insert(cartItems)
    .values({ userId, productId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${CART_QUANTITY_MAX}`,
    })
    .returning({ id: cartItems.id });
  return row?.id ?? null;
}

export async function setQuantity(
  db: DbOrTx,
  userId: string,
  lineId: string,
  quantity: number,
): Promise<boolean> {
  const rows = await db
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

export async function deleteLine(db: DbOrTx, userId: string, lineId: string): Promise<boolean> {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

export async function deleteAllLines(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}
