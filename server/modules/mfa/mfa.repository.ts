import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mfaBackupCodes, users } from '../../db/schema/index.js';

export async function savePendingSetup(
  db: DbOrTx,
  userId: string,
  sealedSecret: string,
  codeHashes: string[],
) {
  await db.update(users).set({ mfaPendingSecret: sealedSecret }).where(eq(users.id, userId));
  await replaceBackupCodes(db, userId, codeHashes);
}

export async function replaceBackupCodes(db: DbOrTx, userId: string, codeHashes: string[]) {
  await db.delete(mfaBackupCodes).where(eq(mfaBackupCodes.userId, userId));
  await db.insert(mfaBackupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function enable(db: DbOrTx, userId: string, sealedSecret: string, timeStep: number) {
  await db
    .update(users)
    .set({ mfaEnabled: true, mfaSecret: sealedSecret, mfaPendingSecret: null, mfaLastTimeStep: timeStep })
    .where(eq(users.id, userId));
}

export async function disable(db: DbOrTx, userId: string) {
  await db
    .update(users)
    .set({ mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, mfaLastTimeStep: null })
    .where(eq(users.id, userId));
  await db.delete(mfaBackupCodes).where(eq(mfaBackupCodes.userId, userId));
}

/**
 * Remembers the time step a code was accepted for, only when it is later than the last one: of two requests
 * racing with the same code, one wins and the other sees false.
 */
export async function advanceTimeStep(db: DbOrTx, userId: string, timeStep: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaLastTimeStep: timeStep })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastTimeStep), lt(users.mfaLastTimeStep, timeStep))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Spends a backup code: true once, false for an unknown or already used code. */
export async function useBackupCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(mfaBackupCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mfaBackupCodes.userId, userId),
        eq(mfaBackupCodes.codeHash, codeHash),
        isNull(mfaBackupCodes.usedAt),
      ),
    )
    .returning({ id: mfaBackupCodes.id });
  return rows.length > 0;
}

/** A few sealed 2FA secrets (enabled ones first) and how many accounts have 2FA on: the start-up key check reads them. */
export async function sampleSealedSecrets(db: DbOrTx, limit: number) {
  const rows = await db
    .select({ sealed: sql<string>`coalesce(${users.mfaSecret}, ${users.mfaPendingSecret})` })
    .from(users)
    .where(or(sql`${users.mfaSecret} is not null`, sql`${users.mfaPendingSecret} is not null`))
    .orderBy(sql`${users.mfaSecret} is null`)
    .limit(limit);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.mfaSecret} is not null`);
  return { sealed: rows.map((row) => row.sealed), enabled: count?.total ?? 0 };
}
