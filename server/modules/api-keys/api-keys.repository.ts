import { and, desc, eq, lt, or, isNull, sql } from 'drizzle-orm';
import type { ApiKeyPermission } from '../../../contract/api-keys.js';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, users } from '../../db/schema/index.js';

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  keyPrefix: apiKeys.keyPrefix,
  permissions: apiKeys.permissions,
  expiresAt: apiKeys.expiresAt,
  isActive: apiKeys.isActive,
  createdAt: apiKeys.createdAt,
  lastUsed: apiKeys.lastUsed,
};
export type ApiKeyRow = Awaited<ReturnType<typeof insert>>;

export async function insert(
  db: DbOrTx,
  key: {
    userId: string;
    name: string;
    keyHash: string;
    keyPrefix: string;
    permissions: ApiKeyPermission[];
    expiresAt: Date | null;
  },
) {
  const [row] = await db.insert(apiKeys).values(key).returning(columns);
  return row!;
}

export async function listForUser(db: DbOrTx, userId: string, limit: number) {
  return db
    .select(columns)
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(limit);
}

export async function revoke(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The live key with this hash and its owner: not revoked, not expired, its owner not deactivated. */
export async function findUsable(db: DbOrTx, keyHash: string) {
  const [row] = await db
    .select({
      key: { id: apiKeys.id, permissions: apiKeys.permissions, lastUsed: apiKeys.lastUsed },
      user: users,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(
      and(
        eq(apiKeys.keyHash, keyHash),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), sql`${apiKeys.expiresAt} > now()`),
        // Deactivation revokes the keys too; this covers a key made in the same instant.
        isNull(users.deactivatedAt),
      ),
    );
  return row ?? null;
}

/** Revokes every live key of the user (a deactivation by the organisation's directory); how many were live. */
export async function revokeAll(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length;
}

export async function touch(db: DbOrTx, id: string, olderThan: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsed: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsed), lt(apiKeys.lastUsed, olderThan))));
}
