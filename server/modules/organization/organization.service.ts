import type { AuditEvent, AuditFilters } from '../../../contract/audit.js';
import { ENTERPRISE_MEMBERS_SHOWN } from '../../../contract/enterprise.js';
import {
  effectiveTier,
  ROLE_LABELS,
  type MembershipVia,
  type Organization,
  type OrganizationMember,
  type OrganizationRole,
} from '../../../contract/organization.js';
import type { DbOrTx } from '../../db/client.js';
import type { OrganizationMemberRow } from '../../db/schema/organizations.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { publicUrl } from '../../infra/public-url.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as audit from '../audit/audit.service.js';
import { publishEvent } from '../events/events.service.js';
import * as mail from '../mail/mail.service.js';
import * as repository from './organization.repository.js';
import type { ClientRow, MemberWithUser } from './organization.repository.js';

export type { ClientRow };

/*
 * Membership of an enterprise client (design 12.3, decision 037): who belongs, with which role, how they joined
 * and left. Every change is audited with the actor, the member and the organisation (`details.organizationId`) in
 * its own transaction, and the member is mailed in it (account mail, whatever their preferences). Invitations are
 * in invitations.service.ts.
 */

/** Whoever acts: a signed-in user (the session's row). */
export interface Actor {
  id: string;
}

const MANAGERS: ReadonlySet<OrganizationRole> = new Set(['owner', 'admin']);

function displayName(row: { firstName: string | null; lastName: string | null }): string | null {
  return [row.firstName, row.lastName].filter(Boolean).join(' ').trim() || null;
}

export function toMember(row: MemberWithUser): OrganizationMember {
  return {
    userId: row.userId,
    email: row.email,
    name: displayName(row),
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    via: row.via,
  };
}

/** The caller's membership and client, read live (a write must not act on a cached role); 404 when none. */
export async function membershipOf(
  ctx: AppContext,
  db: DbOrTx,
  user: Actor,
): Promise<{ member: OrganizationMemberRow; client: ClientRow }> {
  const member = await repository.findMembership(db, user.id);
  const client = member && (await repository.findClient(db, member.clientId));
  if (!member || !client) throw notFound('Organization');
  return { member, client };
}

/** An owner's membership (single sign-on and SCIM settings, design 12.4); others 403, someone outside any 404. */
export async function ownerOf(ctx: AppContext, user: Actor) {
  const found = await membershipOf(ctx, ctx.db, user);
  if (found.member.role !== 'owner') throw forbidden('Only owners of the organisation can do this');
  return found;
}

export async function findClient(db: DbOrTx, id: string): Promise<ClientRow | null> {
  return isId(id) ? repository.findClient(db, id) : null;
}

/** A user's membership row, read live (SSO and SCIM decide on it). */
export async function findMembership(db: DbOrTx, userId: string): Promise<OrganizationMemberRow | null> {
  return repository.findMembership(db, userId);
}

/** An owner's or admin's membership; a member gets 403, someone outside any organisation 404. */
async function managerOf(ctx: AppContext, user: Actor) {
  const found = await membershipOf(ctx, ctx.db, user);
  if (!MANAGERS.has(found.member.role)) {
    throw forbidden('Only owners and admins of the organisation can do this');
  }
  return found;
}

/** `GET /api/organization`. */
export async function getOrganization(ctx: AppContext, user: Actor): Promise<Organization> {
  const { member, client } = await membershipOf(ctx, ctx.db, user);
  return {
    id: client.id,
    name: client.name,
    domain: client.domain,
    tier: client.tier,
    role: member.role,
    memberCount: await repository.countMembers(ctx.db, client.id),
  };
}

/** `GET /api/organization/members` (owner, admin): owners first, then admins, then by e-mail. */
export async function listMembers(
  ctx: AppContext,
  user: Actor,
  limit: number,
): Promise<OrganizationMember[]> {
  const { client } = await managerOf(ctx, user);
  return (await repository.listMembers(ctx.db, [client.id], limit)).map(toMember);
}

/** For the Directors' list of clients: each client's members (one query for the page) and how many in all. */
export async function membersOfClients(
  ctx: AppContext,
  clientIds: string[],
): Promise<Map<string, { members: (OrganizationMember & { tier: number })[]; total: number }>> {
  const rows = await repository.listMembers(ctx.db, clientIds, ENTERPRISE_MEMBERS_SHOWN);
  const byClient = new Map<string, { members: (OrganizationMember & { tier: number })[]; total: number }>();
  for (const row of rows) {
    let entry = byClient.get(row.clientId);
    if (!entry) byClient.set(row.clientId, (entry = { members: [], total: row.total }));
    entry.members.push({ ...toMember(row), tier: row.tier });
  }
  return byClient;
}

interface MembershipMail {
  to: { id: string; email: string; firstName: string | null };
  subject: string;
  paragraphs: string[];
}

async function mailMember(ctx: AppContext, tx: DbOrTx, kind: string, message: MembershipMail) {
  await mail.queueMail(ctx, tx, {
    userId: message.to.id,
    to: message.to.email,
    kind: `organization.${kind}`,
    content: {
      subject: message.subject,
      greeting: `Hello ${message.to.firstName ?? 'there'},`,
      paragraphs: message.paragraphs,
      action: { label: 'Open your organisation', url: publicUrl(ctx.config, '/organization') },
      footer: 'You get this e-mail because your membership of an organisation on Intel Portal changed.',
    },
  });
}

const VIA_WORDS: Record<MembershipVia, string> = {
  domain: 'because you verified an address on its domain',
  invitation: 'by accepting an invitation',
  sso: 'through single sign-on',
  scim: 'through your company’s directory',
  director: 'seated by the firm',
};

/**
 * Adds a member in the caller's transaction: audited and mailed with it. 409 when the user already belongs to an
 * organisation (the primary key on the user decides, so two joins at once cannot both pass).
 */
export async function addMember(
  ctx: AppContext,
  tx: DbOrTx,
  input: {
    client: ClientRow;
    user: { id: string; email: string; firstName: string | null };
    role: OrganizationRole;
    via: MembershipVia;
    actorId: string | null;
    ip?: string | null;
  },
): Promise<OrganizationMemberRow> {
  const created = await repository.insertMember(tx, {
    userId: input.user.id,
    clientId: input.client.id,
    role: input.role,
    via: input.via,
  });
  if (!created) throw conflict(`${input.user.email} already belongs to an organisation`);
  await announceTier(tx, input.user.id, null, input.client.tier);
  await audit.record(tx, {
    action: 'organization.member_joined',
    userId: input.actorId,
    subjectType: 'user',
    subject: input.user.id,
    subjectUserId: input.user.id,
    ip: input.ip ?? null,
    details: {
      organizationId: input.client.id,
      organizationName: input.client.name,
      email: input.user.email,
      role: input.role,
      via: input.via,
    },
  });
  await mailMember(ctx, tx, 'joined', {
    to: input.user,
    subject: `You joined ${input.client.name} on Intel Portal`,
    paragraphs: [
      `You are now ${input.role === 'member' ? 'a member' : `an ${ROLE_LABELS[input.role].toLowerCase()}`} of ${input.client.name}, ${VIA_WORDS[input.via]}.`,
      'Your colleagues’ shared cases and investigations are now open to you, and the organisation’s tier applies to your account while you belong to it.',
    ],
  });
  return created;
}

/**
 * Auto-join (design 12.3 a), in the verifying transaction: an address just verified on the domain of a client that
 * allows it makes its account a member. Someone who already belongs to an organisation stays where they are.
 */
export async function joinByVerifiedAddress(
  ctx: AppContext,
  tx: DbOrTx,
  user: { id: string; email: string; firstName: string | null },
  ip: string | null,
): Promise<void> {
  const domain = user.email.split('@')[1]?.toLowerCase();
  if (!domain) return;
  const client = await repository.findAutoJoinClient(tx, domain);
  if (!client || (await repository.findMembership(tx, user.id))) return;
  await addMember(ctx, tx, { client, user, role: 'member', via: 'domain', actorId: user.id, ip });
  // Every instance hears of it through the change feed; this one forgets at once.
  ctx.forgetUser(user.id);
}

/** `POST /api/enterprise/clients/{id}/members` (Directors): an existing account joins the client, by default as its owner. */
export async function seatMember(
  ctx: AppContext,
  director: Actor,
  clientId: string,
  input: { email: string; role: OrganizationRole },
  meta: RequestMeta,
): Promise<OrganizationMember> {
  const client = isId(clientId) ? await repository.findClient(ctx.db, clientId) : null;
  if (!client) throw notFound('Enterprise client');
  const user = await repository.findUserByEmail(ctx.db, input.email);
  if (!user || user.deletedAt) throw notFound('An account with this address');
  await ctx.db.transaction((tx) =>
    addMember(ctx, tx, {
      client,
      user,
      role: input.role,
      via: 'director',
      actorId: director.id,
      ip: meta.ip,
    }),
  );
  ctx.forgetUser(user.id);
  const [row] = (await repository.listMembers(ctx.db, [client.id], 10_000)).filter(
    (member) => member.userId === user.id,
  );
  return toMember(row!);
}

/**
 * The target member of the caller's organisation, both locked with the organisation's owners: 404 when the
 * target is not in it (another organisation's member included), 403 when an admin touches an owner.
 */
async function lockTarget(tx: DbOrTx, actor: OrganizationMemberRow, targetId: string) {
  const { member, owners } = await repository.lockMembers(tx, actor.clientId, targetId);
  if (!member) throw notFound('Member');
  return { member, owners };
}

/**
 * `PATCH /api/organization/members/{userId} {role}` (owner, admin): only an owner makes or unmakes owners; the last
 * owner cannot be demoted (409).
 */
export async function changeRole(
  ctx: AppContext,
  user: Actor,
  targetId: string,
  role: OrganizationRole,
  meta: RequestMeta,
): Promise<OrganizationMember> {
  const { member: actor, client } = await managerOf(ctx, user);
  if (!isId(targetId)) throw notFound('Member');
  await ctx.db.transaction(async (tx) => {
    const { member, owners } = await lockTarget(tx, actor, targetId);
    if ((member.role === 'owner' || role === 'owner') && actor.role !== 'owner') {
      throw forbidden('Only an owner can make or unmake owners');
    }
    if (member.role === role) return;
    if (member.role === 'owner' && owners <= 1) {
      throw conflict('The last owner cannot be demoted; make someone else an owner first');
    }
    await repository.updateRole(tx, member.userId, role);
    const target = (await repository.findUserById(tx, member.userId))!;
    await audit.record(tx, {
      action: 'organization.member_role_changed',
      userId: user.id,
      subjectType: 'user',
      subject: member.userId,
      subjectUserId: member.userId,
      ip: meta.ip,
      details: {
        organizationId: client.id,
        organizationName: client.name,
        email: target.email,
        from: member.role,
        to: role,
      },
    });
    await mailMember(ctx, tx, 'role_changed', {
      to: target,
      subject: `Your role in ${client.name} changed`,
      paragraphs: [
        `You are now ${ROLE_LABELS[role].toLowerCase()} of ${client.name} (you were ${ROLE_LABELS[member.role].toLowerCase()}).`,
      ],
    });
  });
  ctx.forgetUser(targetId);
  const [row] = (await repository.listMembers(ctx.db, [client.id], 10_000)).filter(
    (member) => member.userId === targetId,
  );
  return toMember(row!);
}

/**
 * `DELETE /api/organization/members/{userId}` (owner, admin) and `POST /api/organization/leave`: the membership
 * ends at once, and with it the member's access to the organisation's shared records and its tier. An admin cannot
 * remove an owner (403); the last owner cannot go (409).
 */
export async function removeMember(
  ctx: AppContext,
  user: Actor,
  targetId: string | 'self',
  meta: RequestMeta,
): Promise<void> {
  const self = targetId === 'self' || targetId === user.id;
  const { member: actor, client } = self ? await membershipOf(ctx, ctx.db, user) : await managerOf(ctx, user);
  const subjectId = self ? user.id : targetId;
  if (!isId(subjectId)) throw notFound('Member');
  await ctx.db.transaction(async (tx) => {
    const { member, owners } = await lockTarget(tx, actor, subjectId);
    if (!self && member.role === 'owner' && actor.role !== 'owner') {
      throw forbidden('Only an owner can remove an owner');
    }
    if (member.role === 'owner' && owners <= 1) {
      throw conflict(
        self
          ? 'You are the last owner; make someone else an owner before you leave'
          : 'The last owner cannot be removed; make someone else an owner first',
      );
    }
    await repository.deleteMember(tx, member.userId);
    const target = (await repository.findUserById(tx, member.userId))!;
    await announceTier(tx, target, client.tier, null);
    await audit.record(tx, {
      action: self ? 'organization.member_left' : 'organization.member_removed',
      userId: user.id,
      subjectType: 'user',
      subject: member.userId,
      subjectUserId: member.userId,
      ip: meta.ip,
      details: {
        organizationId: client.id,
        organizationName: client.name,
        email: target.email,
        role: member.role,
      },
    });
    if (!self) {
      await mailMember(ctx, tx, 'removed', {
        to: target,
        subject: `You were removed from ${client.name}`,
        paragraphs: [
          `An owner or admin removed you from ${client.name} on Intel Portal. Its shared cases and investigations are no longer open to you, and your account is back on its own tier.`,
        ],
      });
    }
  });
  ctx.forgetUser(subjectId);
}

/**
 * Before an account is deleted (`POST /api/account/delete`, in its transaction): the last owner of an organisation
 * that has other members hands it over first (409), as for leaving; an organisation of one is left without members
 * when its owner goes, and Directors seat its next owner.
 */
export async function assertNotLastOwner(tx: DbOrTx, userId: string): Promise<void> {
  const membership = await repository.findMembership(tx, userId);
  if (membership?.role !== 'owner') return;
  const { owners } = await repository.lockMembers(tx, membership.clientId, userId);
  if (owners > 1 || (await repository.countMembers(tx, membership.clientId)) <= 1) return;
  const client = await repository.findClient(tx, membership.clientId);
  throw conflict(
    `You are the last owner of ${client?.name ?? 'your organisation'}; make another member an owner before you delete your account`,
  );
}

/**
 * The organisation's directory removed the member (SCIM DELETE, design 12.4), in the caller's transaction, which
 * audits it with the directory as the actor. An owner goes too: the directory is the company's word on who works
 * there.
 */
export async function removeMemberByDirectory(tx: DbOrTx, userId: string): Promise<void> {
  const membership = await repository.findMembership(tx, userId);
  if (!membership) return;
  const client = await repository.findClient(tx, membership.clientId);
  await repository.deleteMember(tx, userId);
  await announceTier(tx, userId, client?.tier ?? null, null);
}

/**
 * Tells a user's live streams the tier they now act at (`tier.changed`, design 12.6) when joining or leaving an
 * organisation, or its tier changing, moved it; in the transaction of that change. `user` is the account or its id.
 */
export async function announceTier(
  tx: DbOrTx,
  user: string | { id: string; tier: number },
  clientTierBefore: number | null,
  clientTierAfter: number | null,
): Promise<void> {
  const account = typeof user === 'string' ? await repository.findUserById(tx, user) : user;
  if (!account) return;
  const before = effectiveTier(account.tier, clientTierBefore);
  const after = effectiveTier(account.tier, clientTierAfter);
  if (before === after) return;
  await publishEvent(tx, { to: { userId: account.id }, type: 'tier.changed', data: { tier: after } });
}

/** Every member of a client as an account with its own tier, in the caller's transaction. */
export async function membersOfClient(db: DbOrTx, clientId: string): Promise<{ id: string; tier: number }[]> {
  const rows = await repository.listMembers(db, [clientId], Number.MAX_SAFE_INTEGER);
  return rows.map((row) => ({ id: row.userId, tier: row.tier }));
}

/** After a client's tier, name or domain changed or it was removed: this instance forgets its members' sessions at once. */
export async function forgetMembers(ctx: AppContext, clientIds: string[]): Promise<void> {
  for (const row of await repository.listMembers(ctx.db, clientIds, 100_000)) ctx.forgetUser(row.userId);
}

/**
 * `GET /api/organization/audit` (owner, admin): the events about the organisation's membership and its shared
 * records, newest first, with the cursor of design 11.2.
 */
export async function listAudit(
  ctx: AppContext,
  user: Actor,
  page: Pick<AuditFilters, 'before' | 'limit'>,
): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
  const { client } = await managerOf(ctx, user);
  return audit.listEventsAbout(ctx, repository.auditAbout(ctx.db, client.id), page);
}
