import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { shownEmail } from '../../db/deleted-users.js';
import {
  auditLog,
  cases,
  enterpriseClients,
  investigationRequests,
  organizationInvitations,
  organizationMembers,
  users,
} from '../../db/schema/index.js';
import type { OrganizationInvitationRow, OrganizationMemberRow } from '../../db/schema/organizations.js';

export type NewMember = typeof organizationMembers.$inferInsert;
export type ClientRow = typeof enterpriseClients.$inferSelect;
type Role = OrganizationMemberRow['role'];

/** PostgreSQL's unique_violation (drizzle wraps the driver's error). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function findClient(db: DbOrTx, id: string): Promise<ClientRow | null> {
  const [row] = await db.select().from(enterpriseClients).where(eq(enterpriseClients.id, id));
  return row ?? null;
}

/** The client whose domain is exactly the address's, when it lets verified addresses join. */
export async function findAutoJoinClient(db: DbOrTx, domain: string): Promise<ClientRow | null> {
  const [row] = await db
    .select()
    .from(enterpriseClients)
    .where(and(sql`lower(${enterpriseClients.domain}) = ${domain}`, eq(enterpriseClients.autoJoin, true)));
  return row ?? null;
}

export async function findMembership(db: DbOrTx, userId: string): Promise<OrganizationMemberRow | null> {
  const [row] = await db.select().from(organizationMembers).where(eq(organizationMembers.userId, userId));
  return row ?? null;
}

/**
 * The member's row locked until the transaction ends, with every owner row of the client, so two changes that
 * would each leave one owner cannot both pass (the owners are counted under the same locks).
 */
export async function lockMembers(
  db: DbOrTx,
  clientId: string,
  userId: string,
): Promise<{ member: OrganizationMemberRow | null; owners: number }> {
  const rows = await db
    .select()
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.clientId, clientId),
        or(eq(organizationMembers.userId, userId), eq(organizationMembers.role, 'owner')),
      ),
    )
    .for('update');
  return {
    member: rows.find((row) => row.userId === userId) ?? null,
    owners: rows.filter((row) => row.role === 'owner').length,
  };
}

/** Inserts the membership; null when the user already belongs to an organisation (the primary key decides). */
export async function insertMember(db: DbOrTx, row: NewMember): Promise<OrganizationMemberRow | null> {
  const [created] = await db.insert(organizationMembers).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function updateRole(db: DbOrTx, userId: string, role: Role): Promise<void> {
  await db.update(organizationMembers).set({ role }).where(eq(organizationMembers.userId, userId));
}

export async function deleteMember(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(organizationMembers).where(eq(organizationMembers.userId, userId));
}

export async function countMembers(db: DbOrTx, clientId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organizationMembers)
    .where(eq(organizationMembers.clientId, clientId));
  return row?.n ?? 0;
}

const memberColumns = {
  userId: organizationMembers.userId,
  clientId: organizationMembers.clientId,
  email: shownEmail(users).as('email'),
  firstName: users.firstName,
  lastName: users.lastName,
  tier: users.tier,
  role: organizationMembers.role,
  via: organizationMembers.via,
  joinedAt: organizationMembers.joinedAt,
};
export type MemberWithUser = Awaited<ReturnType<typeof listMembers>>[number];

/** Members of the clients, owners first, then admins, then by e-mail; at most `perClient` of each. */
export async function listMembers(db: DbOrTx, clientIds: string[], perClient: number) {
  if (clientIds.length === 0) return [];
  const ranked = db
    .select({
      ...memberColumns,
      position: sql<number>`row_number() over (partition by ${organizationMembers.clientId}
        order by case ${organizationMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end, ${users.email})`.as(
        'position',
      ),
      total: sql<number>`count(*) over (partition by ${organizationMembers.clientId})`
        .mapWith(Number)
        .as('total'),
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(inArray(organizationMembers.clientId, clientIds))
    .as('ranked');
  return db
    .select({
      userId: ranked.userId,
      clientId: ranked.clientId,
      email: ranked.email,
      firstName: ranked.firstName,
      lastName: ranked.lastName,
      tier: ranked.tier,
      role: ranked.role,
      via: ranked.via,
      joinedAt: ranked.joinedAt,
      total: ranked.total,
    })
    .from(ranked)
    .where(sql`${ranked.position} <= ${perClient}`)
    .orderBy(ranked.clientId, ranked.position);
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      emailVerifiedAt: users.emailVerifiedAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.email, email));
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, tier: users.tier })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/* Invitations */

/** An unaccepted invitation whose time ran out no longer holds its address's place. */
export async function deleteExpiredInvitation(db: DbOrTx, clientId: string, email: string): Promise<void> {
  await db
    .delete(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.clientId, clientId),
        eq(organizationInvitations.email, email),
        isNull(organizationInvitations.acceptedAt),
        lt(organizationInvitations.expiresAt, sql`now()`),
      ),
    );
}

/** The new invitation; null when one to the address is already waiting (the partial unique index decides). */
export async function insertInvitation(
  db: DbOrTx,
  row: typeof organizationInvitations.$inferInsert,
): Promise<OrganizationInvitationRow | null> {
  try {
    const [created] = await db.insert(organizationInvitations).values(row).returning();
    return created ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

const invitationColumns = {
  invitation: organizationInvitations,
  invitedBy: sql<
    string | null
  >`(select ${shownEmail(users)} from ${users} where ${users.id} = ${organizationInvitations.invitedBy})`,
};

/** The client's waiting invitations (unaccepted, unexpired), newest first. */
export async function listInvitations(db: DbOrTx, clientId: string, limit: number) {
  return db
    .select(invitationColumns)
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.clientId, clientId),
        isNull(organizationInvitations.acceptedAt),
        gt(organizationInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(organizationInvitations.createdAt), desc(organizationInvitations.id))
    .limit(limit);
}

/** Withdraws a waiting invitation of the client; the withdrawn row, or null when there is none. */
export async function deleteInvitation(
  db: DbOrTx,
  clientId: string,
  id: string,
): Promise<OrganizationInvitationRow | null> {
  const [row] = await db
    .delete(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.id, id),
        eq(organizationInvitations.clientId, clientId),
        isNull(organizationInvitations.acceptedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** The invitation behind a token, locked until the transaction ends (accepted or not, expired or not). */
export async function lockInvitationByToken(
  db: DbOrTx,
  tokenHash: string,
): Promise<OrganizationInvitationRow | null> {
  const [row] = await db
    .select()
    .from(organizationInvitations)
    .where(eq(organizationInvitations.tokenHash, tokenHash))
    .for('update');
  return row ?? null;
}

export async function markAccepted(db: DbOrTx, id: string, userId: string): Promise<void> {
  await db
    .update(organizationInvitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(eq(organizationInvitations.id, id));
}

/* The organisation's audit trail */

/**
 * Which audit events are about the organisation: its membership events (which carry `organizationId` in their
 * details) and those about the records shared with it, the case or request itself or a file or report of one (which
 * name it in their details). The audit module lists them as it lists the Directors' trail.
 */
export function auditAbout(db: DbOrTx, clientId: string): SQL {
  const sharedCases = db
    .select({ id: sql`${cases.id}::text` })
    .from(cases)
    .where(eq(cases.organizationId, clientId));
  const sharedRequests = db
    .select({ id: sql`${investigationRequests.id}::text` })
    .from(investigationRequests)
    .where(eq(investigationRequests.organizationId, clientId));
  return or(
    sql`${auditLog.details} ->> 'organizationId' = ${clientId}`,
    and(eq(auditLog.subjectType, 'case'), inArray(auditLog.subject, sharedCases)),
    and(eq(auditLog.subjectType, 'investigation'), inArray(auditLog.subject, sharedRequests)),
    inArray(sql`${auditLog.details} ->> 'caseId'`, sharedCases),
    inArray(sql`${auditLog.details} ->> 'investigationId'`, sharedRequests),
  )!;
}
