import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  emailTokens,
  enterpriseClients,
  organizationMembers,
  organizationSso,
  sessions,
  users,
  type EmailTokenPurpose,
} from '../../db/schema/index.js';
import type { SessionRow, UserRow } from '../../db/schema/users.js';

export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Whether any account (not deleted) is at tier 4. */
export async function directorExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tier, 4), isNull(users.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/** The user's row, locked until the transaction ends: one tier change of a user at a time. */
export async function lockUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

/** Inserts the user, or returns null when the email is taken (the unique index decides, not a prior read). */
export async function insertUser(db: DbOrTx, user: NewUser): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning();
  return row ?? null;
}

export async function updateTier(db: DbOrTx, id: string, tier: number): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ tier, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function updatePassword(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function markEmailVerified(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** A confirmed new address: verified by the link that confirmed it; null when another account has it. */
export async function changeEmail(db: DbOrTx, id: string, email: string): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ email, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), sql`not exists (select 1 from ${users} taken where taken.email = ${email})`))
    .returning();
  return row ?? null;
}

export type EmailTokenRow = typeof emailTokens.$inferSelect;

export async function insertEmailToken(db: DbOrTx, token: typeof emailTokens.$inferInsert): Promise<void> {
  await db.insert(emailTokens).values(token);
}

/**
 * Uses a token once: marks it used when it exists, has one of `purposes`, is unused and unexpired, and returns
 * it; null otherwise. One conditional update, so two requests with the same token cannot both succeed.
 */
export async function useEmailToken(
  db: DbOrTx,
  tokenHash: string,
  purposes: EmailTokenPurpose[],
): Promise<EmailTokenRow | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        inArray(emailTokens.purpose, purposes),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/** A new link of a kind makes the user's earlier unused ones of that kind useless. */
export async function retireEmailTokens(
  db: DbOrTx,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** Links that expired before `before`, used or not: no request can use them any more. */
export async function deleteEmailTokensExpiredBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(emailTokens)
    .where(lt(emailTokens.expiresAt, before))
    .returning({ id: emailTokens.id });
  return rows.length;
}

export async function insertSession(db: DbOrTx, session: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(session);
}

/** A user's organisation as the session carries it (decision 037); null when they belong to none. */
export interface MembershipRow {
  id: string;
  name: string;
  role: 'owner' | 'admin' | 'member';
  tier: number;
}

const membershipColumns = {
  id: enterpriseClients.id,
  name: enterpriseClients.name,
  role: organizationMembers.role,
  tier: enterpriseClients.tier,
};

/** The session, its user and the user's organisation: one statement, so a member's tier costs no extra read. */
export async function findSessionWithUser(
  db: DbOrTx,
  idHash: string,
): Promise<{ session: SessionRow; user: UserRow; membership: MembershipRow | null } | null> {
  const [row] = await db
    .select({
      session: sessions,
      user: users,
      clientId: enterpriseClients.id,
      clientName: enterpriseClients.name,
      clientTier: enterpriseClients.tier,
      role: organizationMembers.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
    .leftJoin(enterpriseClients, eq(enterpriseClients.id, organizationMembers.clientId))
    .where(eq(sessions.idHash, idHash));
  if (!row) return null;
  const { clientId, clientName, clientTier, role } = row;
  const membership =
    clientId !== null && clientName !== null && clientTier !== null && role !== null
      ? { id: clientId, name: clientName, role, tier: clientTier }
      : null;
  return { session: row.session, user: row.user, membership };
}

/** Whether the user's organisation has single sign-on and enforces it (design 12.4); null outside one with SSO. */
export async function findSsoPolicy(db: DbOrTx, userId: string): Promise<{ enforced: boolean } | null> {
  const [row] = await db
    .select({ enforced: organizationSso.enforced })
    .from(organizationMembers)
    .innerJoin(organizationSso, eq(organizationSso.clientId, organizationMembers.clientId))
    .where(eq(organizationMembers.userId, userId));
  return row ?? null;
}

/** The user's organisation (for a sign-in or an API key, which the session cache does not hold). */
export async function findMembership(db: DbOrTx, userId: string): Promise<MembershipRow | null> {
  const [row] = await db
    .select(membershipColumns)
    .from(organizationMembers)
    .innerJoin(enterpriseClients, eq(enterpriseClients.id, organizationMembers.clientId))
    .where(eq(organizationMembers.userId, userId));
  return row ?? null;
}

export async function touchSession(db: DbOrTx, idHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.idHash, idHash));
}

/**
 * Which of the given sessions are still signed in (not expired, not idle since `idleSince`, past their second
 * factor): the live event streams' periodic check, one statement for every stream of an instance.
 */
export async function findLiveSessionHashes(
  db: DbOrTx,
  idHashes: readonly string[],
  idleSince: Date,
): Promise<string[]> {
  if (idHashes.length === 0) return [];
  const rows = await db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(
      and(
        inArray(sessions.idHash, [...idHashes]),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, idleSince),
        eq(sessions.mfaPending, false),
      ),
    );
  return rows.map((row) => row.idHash);
}

/** Sessions kept active by an open event stream: last seen now, at most once per `olderThan`. */
export async function touchSessions(db: DbOrTx, idHashes: readonly string[], olderThan: Date): Promise<void> {
  if (idHashes.length === 0) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(inArray(sessions.idHash, [...idHashes]), lt(sessions.lastSeenAt, olderThan)));
}

export async function setReauthenticatedAt(db: DbOrTx, idHash: string, at: Date): Promise<void> {
  await db.update(sessions).set({ reauthenticatedAt: at }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: DbOrTx, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteExpiredSessions(db: DbOrTx, idleBefore: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, idleBefore)))
    .returning({ idHash: sessions.idHash });
  return rows.length;
}

export async function deleteSessionsExcept(
  db: DbOrTx,
  userId: string,
  keepIdHash: string | null,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepIdHash
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash))
        : eq(sessions.userId, userId),
    );
}

/** Signed-in sessions of a user (not those waiting for a second factor), most recently active first. */
export async function listSessions(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.mfaPending, false)))
    .orderBy(desc(sessions.lastSeenAt));
}

export async function deleteSessionById(db: DbOrTx, userId: string, id: string): Promise<SessionRow | null> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning();
  return row ?? null;
}

export interface DomainMember {
  id: string;
  email: string;
  tier: number;
  domain: string;
  /** How many users the domain has in all, whatever `perDomain` cut off. */
  total: number;
}

/**
 * Users whose address is at exactly one of `domains` (lower-cased; e-mails are stored lower-cased), by e-mail,
 * at most `perDomain` of each domain: one query for any number of domains.
 */
export async function listUsersByEmailDomains(
  db: DbOrTx,
  domains: string[],
  perDomain: number,
): Promise<DomainMember[]> {
  if (domains.length === 0) return [];
  const domain = sql<string>`lower(split_part(${users.email}, '@', 2))`;
  const ranked = db
    .select({
      id: users.id,
      email: users.email,
      tier: users.tier,
      domain: domain.as('domain'),
      position: sql<number>`row_number() over (partition by ${domain} order by ${users.email})`.as(
        'position',
      ),
      total: sql<number>`count(*) over (partition by ${domain})`.mapWith(Number).as('total'),
    })
    .from(users)
    .where(inArray(domain, domains))
    .as('ranked');
  return db
    .select({
      id: ranked.id,
      email: ranked.email,
      tier: ranked.tier,
      domain: ranked.domain,
      total: ranked.total,
    })
    .from(ranked)
    .where(lte(ranked.position, perDomain))
    .orderBy(ranked.domain, ranked.email);
}

/**
 * "Delete my account" (design 11.2): carried out `graceDays` after now (the database's clock, which the job that
 * carries it out reads too) unless the user signs in before then. Returns when.
 */
export async function scheduleDeletion(db: DbOrTx, id: string, graceDays: number): Promise<Date> {
  const [row] = await db
    .update(users)
    .set({
      deletionRequestedAt: sql`now()`,
      deletionScheduledFor: sql`now() + make_interval(days => ${graceDays}::int)`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning({ scheduledFor: users.deletionScheduledFor });
  return row!.scheduledFor!;
}

/** Clears the user's pending deletion; true when there was one to clear. */
export async function cancelDeletion(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletionRequestedAt: null, deletionScheduledFor: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNotNull(users.deletionScheduledFor), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * The next account whose deletion is due, locked until the transaction ends; one that another transaction is
 * deleting is skipped, so several workers each take a different account.
 */
export async function lockNextDueDeletion(db: DbOrTx): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(lte(users.deletionScheduledFor, sql`now()`), isNull(users.deletedAt)))
    .orderBy(users.deletionScheduledFor)
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** The next number of deleted_user_number_seq: deleted accounts are numbered in the order they were deleted. */
export async function nextDeletedNumber(db: DbOrTx): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(sql`select nextval('deleted_user_number_seq') as n`);
  return Number(rows[0]!.n);
}

/**
 * The account row of a carried-out deletion: no name, an address that cannot receive mail, a password hash that
 * no password matches (not an argon2 hash at all), 2FA off with its secrets gone, tier 1 (no staff rights), and
 * numbered. The row stays for the orders, payments and audit events that point at it.
 */
export async function anonymise(
  db: DbOrTx,
  id: string,
  replacement: { email: string; deletedNumber: number },
): Promise<void> {
  await db
    .update(users)
    .set({
      email: replacement.email,
      passwordHash: '!deleted',
      firstName: null,
      lastName: null,
      tier: 1,
      emailVerifiedAt: null,
      mfaEnabled: false,
      mfaSecret: null,
      mfaPendingSecret: null,
      mfaLastTimeStep: null,
      deletionScheduledFor: null,
      deletedAt: sql`now()`,
      deletedNumber: replacement.deletedNumber,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));
}

/** Moves a due deletion that failed to `minutes` from now, so the deletions due after it are not held up. */
export async function postponeDeletion(db: DbOrTx, id: string, minutes: number): Promise<void> {
  await db
    .update(users)
    .set({ deletionScheduledFor: sql`now() + make_interval(mins => ${minutes}::int)` })
    .where(and(eq(users.id, id), isNull(users.deletedAt), isNotNull(users.deletionScheduledFor)));
}
