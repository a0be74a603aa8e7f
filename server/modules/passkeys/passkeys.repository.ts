import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { passkeys, webauthnChallenges, type PasskeyRow } from '../../db/schema/index.js';

export type ChallengePurpose = 'registration' | 'sign-in' | 'mfa' | 'reauth';

export async function insertChallenge(
  db: DbOrTx,
  challenge: { challenge: string; purpose: ChallengePurpose; userId: string | null; expiresAt: Date },
): Promise<void> {
  await db.insert(webauthnChallenges).values(challenge);
}

/**
 * Takes a challenge for its ceremony, once: the row goes in the same statement that finds it, so of two requests
 * bringing the same challenge one gets it and the other nothing. An expired one, one made for another purpose or
 * another account is not taken.
 */
export async function takeChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return rows.length > 0;
}

export async function deleteExpiredChallenges(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(webauthnChallenges)
    .where(lte(webauthnChallenges.expiresAt, now))
    .returning({ challenge: webauthnChallenges.challenge });
  return rows.length;
}

export async function insertPasskey(
  db: DbOrTx,
  passkey: typeof passkeys.$inferInsert,
): Promise<PasskeyRow | null> {
  const [row] = await db.insert(passkeys).values(passkey).onConflictDoNothing().returning();
  return row ?? null;
}

export async function listForUser(db: DbOrTx, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
}

export async function countForUser(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return row?.total ?? 0;
}

export async function findByCredentialId(db: DbOrTx, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

/**
 * Records a verified use. The counter moves only forward (`counter < new`, or both 0 for passkeys that keep none):
 * of two assertions verified against the same stored counter at the same moment, the second changes nothing.
 */
export async function recordUse(
  db: DbOrTx,
  id: string,
  use: { counter: number; backedUp: boolean; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: use.counter, backedUp: use.backedUp, lastUsedAt: use.at })
    .where(
      and(
        eq(passkeys.id, id),
        sql`(${passkeys.counter} < ${use.counter} or (${passkeys.counter} = 0 and ${use.counter} = 0))`,
      ),
    )
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function rename(
  db: DbOrTx,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | null> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}

export async function remove(db: DbOrTx, userId: string, id: string): Promise<PasskeyRow | null> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}
