import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { categories, products, users } from '../db/schema/index.js';

export async function createCategory(db: Db, slug = `cat-${randomBytes(3).toString('hex')}`) {
  const [row] = await db.insert(categories).values({ name: slug, slug }).returning();
  return row!;
}

export async function createProduct(
  db: Db,
  categoryId: string,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const slug = overrides.slug ?? `product-${randomBytes(4).toString('hex')}`;
  const [row] = await db
    .insert(products)
    .values({
      categoryId,
      name: `Test ${slug}`,
      slug,
      description: 'A product made by a test.',
      price: '1000.00',
      minimumTier: 1,
      stockCount: 50,
      specifications: { Weight: '1 kg' },
      ...overrides,
    })
    .returning({ id: products.id, name: products.name, price: products.price });
  return row!;
}

/** Sets a tier behind the app's back, then waits until the app has dropped what it cached for the user. */
export async function setUserTier(
  t: { database: { db: Db }; settled(): Promise<void> },
  userId: string,
  tier: number,
) {
  await t.database.db.update(users).set({ tier }).where(eq(users.id, userId));
  await t.settled();
}

/**
 * Marks the address verified behind the app's back (as opening the link would), then waits until the app has
 * dropped what it cached for the user: e-mail other than account mail goes to verified addresses only.
 */
export async function verifyEmail(t: { database: { db: Db }; settled(): Promise<void> }, userId: string) {
  await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
  await t.settled();
}

export async function stockOf(db: Db, productId: string) {
  const [row] = await db
    .select({ stockCount: products.stockCount })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stockCount;
}

/** A buyer's address in the seller's state (Karnataka: CGST and SGST), as checkout takes it. */
export const shippingAddress = {
  fullName: 'Asha Rao',
  line1: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
  phone: '+91 98450 12345',
};
