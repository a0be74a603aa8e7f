import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { setupToken } from '../../db/schema/index.js';

/** The current setup token's hash, or null when there is none. */
export async function findTokenHash(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ tokenHash: setupToken.tokenHash }).from(setupToken);
  return row?.tokenHash ?? null;
}

/** Replaces the token (one row at most). */
export async function saveTokenHash(db: DbOrTx, tokenHash: string): Promise<void> {
  await db
    .insert(setupToken)
    .values({ id: 1, tokenHash })
    .onConflictDoUpdate({ target: setupToken.id, set: { tokenHash, createdAt: new Date() } });
}

/** Deletes the token if it is still `tokenHash`; true when this call took it (so two requests cannot both use it). */
export async function takeToken(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const taken = await db
    .delete(setupToken)
    .where(eq(setupToken.tokenHash, tokenHash))
    .returning({ id: setupToken.id });
  return taken.length > 0;
}

/** Puts back a token taken by a request that then failed, unless a newer one was issued meanwhile. */
export async function restoreToken(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.insert(setupToken).values({ id: 1, tokenHash }).onConflictDoNothing();
}

export async function deleteToken(db: DbOrTx): Promise<void> {
  await db.delete(setupToken);
}
