import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { organizationMembers, scimTokens, users } from '../../db/schema/index.js';

export async function findClientIdByToken(db: DbOrTx, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ clientId: scimTokens.clientId })
    .from(scimTokens)
    .where(eq(scimTokens.tokenHash, tokenHash));
  return row?.clientId ?? null;
}

export async function findToken(db: DbOrTx, clientId: string) {
  const [row] = await db.select().from(scimTokens).where(eq(scimTokens.clientId, clientId));
  return row ?? null;
}

/** The client's one token: a new one replaces the previous in the same statement. */
export async function replaceToken(db: DbOrTx, clientId: string, tokenHash: string, createdBy: string) {
  const [row] = await db
    .insert(scimTokens)
    .values({ clientId, tokenHash, createdBy })
    .onConflictDoUpdate({
      target: scimTokens.clientId,
      set: { tokenHash, createdBy, createdAt: sql`now()` },
    })
    .returning();
  return row!;
}

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  tier: users.tier,
  deactivatedAt: users.deactivatedAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  externalId: organizationMembers.externalId,
  joinedAt: organizationMembers.joinedAt,
  role: organizationMembers.role,
};
export type ScimMemberRow = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  tier: number;
  deactivatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  externalId: string | null;
  joinedAt: Date;
  role: 'owner' | 'admin' | 'member';
};

/** A member of the client (and only of it: another client's member is not found), locked when asked. */
export async function findMember(
  db: DbOrTx,
  clientId: string,
  userId: string,
): Promise<ScimMemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.clientId, clientId), eq(organizationMembers.userId, userId)));
  return row ?? null;
}

/** A page of the client's members in a stable order, and how many match in all. */
export async function listMembers(
  db: DbOrTx,
  clientId: string,
  filter: { attribute: 'userName' | 'externalId'; value: string } | null,
  offset: number,
  limit: number,
): Promise<{ rows: ScimMemberRow[]; total: number }> {
  const conditions: SQL[] = [eq(organizationMembers.clientId, clientId)];
  if (filter?.attribute === 'userName') conditions.push(sql`${users.email} = lower(${filter.value})`);
  if (filter?.attribute === 'externalId') conditions.push(eq(organizationMembers.externalId, filter.value));
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select(memberColumns)
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(where)
      .orderBy(asc(organizationMembers.joinedAt), asc(users.id))
      .offset(offset)
      .limit(limit),
    db
      .select({ total: count() })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function updateUser(
  db: DbOrTx,
  userId: string,
  change: { firstName?: string | null; lastName?: string | null; deactivatedAt?: Date | null },
): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await db
    .update(users)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function setExternalId(db: DbOrTx, userId: string, externalId: string | null): Promise<void> {
  await db.update(organizationMembers).set({ externalId }).where(eq(organizationMembers.userId, userId));
}
