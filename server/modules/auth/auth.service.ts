import type { User } from '../../../contract/auth.js';
import { effectiveTier } from '../../../contract/organization.js';
import type { Tier } from '../../../contract/tiers.js';
import type { DbOrTx } from '../../db/client.js';
import type { SignedInUser, UserRow } from '../../db/schema/users.js';
import type { AppContext } from '../../infra/context.js';
import { AppError } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as audit from '../audit/audit.service.js';
import { publishEvent } from '../events/events.service.js';
import * as repository from './auth.repository.js';

/* Users: the public shape, lookups for other modules, and tier changes. Sessions and sign-in have their own files. */

/** A signed-in user shows both tiers and their organisation; a bare row (just registered) has neither. */
export function toPublicUser(row: UserRow | SignedInUser): User {
  const organization = 'organization' in row ? row.organization : null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    tier: 'ownTier' in row ? row.ownTier : row.tier,
    effectiveTier: row.tier,
    organization: organization && { id: organization.id, name: organization.name, role: organization.role },
    mfaEnabled: row.mfaEnabled,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | null> {
  return repository.findUserByEmail(ctx.db, email.trim().toLowerCase());
}

/** Operator path for tier changes; audited in the same transaction, by the system unless an actor is named. */
export async function setTier(
  ctx: AppContext,
  userId: string,
  tier: Tier,
  meta: { ip?: string; reason: string; actorId?: string | null },
): Promise<UserRow> {
  const after = await ctx.db.transaction(
    async (tx) => (await changeTier(tx, userId, tier, { ...meta, actorId: meta.actorId ?? null })).after,
  );
  ctx.forgetUser(userId);
  return after;
}

/**
 * A tier change inside the caller's transaction (an upgrade taking effect), audited with it. `actorId` is who
 * caused it: the user (an upgrade paid at once), a Director (a confirmed payment, an approval) or null for the
 * system (an expiry, an operator's command); left out, the user.
 */
export async function changeTier(
  db: DbOrTx,
  userId: string,
  tier: number,
  meta: { ip?: string | null; reason: string; actorId?: string | null },
): Promise<{ before: UserRow; after: UserRow }> {
  const before = await repository.findUserById(db, userId);
  if (!before) throw new AppError('NOT_FOUND', 'User not found');
  const after = await repository.updateTier(db, userId, tier);
  await audit.record(db, {
    action: 'user.tier_changed',
    userId: meta.actorId === undefined ? userId : meta.actorId,
    subjectType: 'user',
    subject: userId,
    subjectUserId: userId,
    ip: meta.ip,
    details: { from: before.tier, to: tier, reason: meta.reason },
  });
  // The user's streams hear of it with the tier they now act at (an organisation may lift it, decision 037).
  const membership = await repository.findMembership(db, userId);
  await publishEvent(db, {
    to: { userId },
    type: 'tier.changed',
    data: { tier: effectiveTier(tier, membership?.tier) },
  });
  return { before, after: after! };
}

/** Whether a Director (tier 4) exists: until one does, the setup link may create the first (issue 23). */
export async function directorExists(db: DbOrTx): Promise<boolean> {
  return repository.directorExists(db);
}

/** An account by id, for other modules (an agent to assign, say); null when there is none. */
export async function findUser(db: DbOrTx, userId: string): Promise<UserRow | null> {
  return isId(userId) ? repository.findUserById(db, userId) : null;
}

/** The user's row, locked in the caller's transaction so concurrent tier changes of one user queue up. */
export async function lockUser(db: DbOrTx, userId: string): Promise<UserRow | null> {
  return repository.lockUserById(db, userId);
}

export interface DomainMembers {
  members: { id: string; email: string; tier: number }[];
  /** Every user of the domain, including those past the cut-off. */
  total: number;
}

/**
 * Users at each of these e-mail domains (exact domain, case-insensitive), keyed by the lower-cased domain: for
 * enterprise clients, whose members are the users of their domain. At most `perDomain` each, one query for all.
 */
export async function listUsersByEmailDomains(
  db: DbOrTx,
  domains: string[],
  perDomain: number,
): Promise<Map<string, DomainMembers>> {
  const wanted = [...new Set(domains.map((domain) => domain.toLowerCase()))];
  const byDomain = new Map<string, DomainMembers>(
    wanted.map((domain) => [domain, { members: [], total: 0 }]),
  );
  for (const row of await repository.listUsersByEmailDomains(db, wanted, perDomain)) {
    const entry = byDomain.get(row.domain);
    if (!entry) continue;
    entry.members.push({ id: row.id, email: row.email, tier: row.tier });
    entry.total = row.total;
  }
  return byDomain;
}

/* The users row's part of an account deletion (design 11.2); the account-deletion module does the rest. */

/** Marks the deletion asked for, to be carried out `graceDays` from now, in the caller's transaction; when. */
export async function scheduleDeletion(db: DbOrTx, userId: string, graceDays: number): Promise<Date> {
  return repository.scheduleDeletion(db, userId, graceDays);
}

/** The next account whose deletion is due, locked in the caller's transaction (others skip it); null when none. */
export async function lockNextDueDeletion(db: DbOrTx): Promise<UserRow | null> {
  return repository.lockNextDueDeletion(db);
}

/** A new number for a deleted account ("Deleted user #n"). */
export async function nextDeletedNumber(db: DbOrTx): Promise<number> {
  return repository.nextDeletedNumber(db);
}

/** A due deletion that failed is tried again `minutes` later; the others go on meanwhile. */
export async function postponeDeletion(db: DbOrTx, userId: string, minutes: number): Promise<void> {
  await repository.postponeDeletion(db, userId, minutes);
}

/** Makes the account row anonymous and unusable, keeping it for the records that must stay. */
export async function anonymise(
  db: DbOrTx,
  userId: string,
  replacement: { email: string; deletedNumber: number },
): Promise<void> {
  await repository.anonymise(db, userId, replacement);
}
