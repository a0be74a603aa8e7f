import {
  INVITATION_TTL_DAYS,
  ROLE_LABELS,
  type Invitation,
  type InviteMemberRequest,
  type Organization,
  type OrganizationRole,
} from '../../../contract/organization.js';
import type { OrganizationInvitationRow } from '../../db/schema/organizations.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { publicUrl } from '../../infra/public-url.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as audit from '../audit/audit.service.js';
import * as mail from '../mail/mail.service.js';
import * as repository from './organization.repository.js';
import { addMember, getOrganization, membershipOf, type Actor } from './organization.service.js';

/*
 * Invitations by mail (design 12.3 b): a link `{base}/join?token=T` (32 random bytes; only a SHA-256 is kept),
 * valid 7 days, used once, and only by a signed-in account whose verified address is the invited one.
 */

const DAY_MS = 86_400_000;

const invalidLink = () =>
  new AppError('TOKEN_INVALID', 'This invitation link is invalid or has expired. Ask for a new one.');

function toInvitation(row: OrganizationInvitationRow, invitedBy: string | null): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    invitedBy,
  };
}

/** An owner or admin of the caller's organisation may invite; only an owner invites an owner. */
async function inviterOf(ctx: AppContext, user: Actor, role?: OrganizationRole) {
  const found = await membershipOf(ctx, ctx.db, user);
  if (found.member.role === 'member') {
    throw forbidden('Only owners and admins of the organisation can manage invitations');
  }
  if (role === 'owner' && found.member.role !== 'owner') throw forbidden('Only an owner can invite an owner');
  return found;
}

/**
 * `POST /api/organization/invitations {email, role}` -> the invitation, and its mail in the same transaction. 409
 * when the address already belongs to this or another organisation, or an invitation to it is waiting.
 */
export async function invite(
  ctx: AppContext,
  user: UserRow,
  input: Required<InviteMemberRequest>,
  meta: RequestMeta,
): Promise<Invitation> {
  const { client } = await inviterOf(ctx, user, input.role);
  const existing = await repository.findUserByEmail(ctx.db, input.email);
  const membership = existing && (await repository.findMembership(ctx.db, existing.id));
  if (membership) {
    throw conflict(
      membership.clientId === client.id
        ? `${input.email} is already a member of ${client.name}`
        : `${input.email} already belongs to another organisation; they must leave it before they can be invited`,
    );
  }
  const token = randomToken(32);
  const row = await ctx.db.transaction(async (tx) => {
    await repository.deleteExpiredInvitation(tx, client.id, input.email);
    const created = await repository.insertInvitation(tx, {
      clientId: client.id,
      email: input.email,
      role: input.role,
      tokenHash: sha256(token),
      invitedBy: user.id,
      expiresAt: new Date(ctx.now().getTime() + INVITATION_TTL_DAYS * DAY_MS),
    });
    if (!created) throw conflict(`An invitation to ${input.email} is already waiting`);
    await mail.queueMail(ctx, tx, {
      userId: existing?.id ?? null,
      to: input.email,
      kind: 'organization.invitation',
      content: {
        subject: `Join ${client.name} on Intel Portal`,
        greeting: 'Hello,',
        paragraphs: [
          `${user.email} invites you to join ${client.name} on Intel Portal as ${ROLE_LABELS[input.role].toLowerCase()}.`,
          `Sign in (or create an account) with ${input.email}, verify the address, and open the link below. It works once, for ${INVITATION_TTL_DAYS} days.`,
        ],
        action: { label: `Join ${client.name}`, url: publicUrl(ctx.config, `/join?token=${token}`) },
        footer: 'You get this e-mail because someone at this organisation entered your address.',
      },
    });
    await audit.record(tx, {
      action: 'organization.invitation_sent',
      userId: user.id,
      subjectType: 'email',
      subject: input.email,
      subjectUserId: existing?.id ?? null,
      ip: meta.ip,
      details: {
        organizationId: client.id,
        organizationName: client.name,
        email: input.email,
        role: input.role,
      },
    });
    return created;
  });
  return toInvitation(row, user.email);
}

/** `GET /api/organization/invitations` (owner, admin): the waiting ones, newest first. */
export async function listInvitations(ctx: AppContext, user: Actor, limit: number): Promise<Invitation[]> {
  const { client } = await inviterOf(ctx, user);
  const rows = await repository.listInvitations(ctx.db, client.id, limit);
  return rows.map((row) => toInvitation(row.invitation, row.invitedBy));
}

/** `DELETE /api/organization/invitations/{id}` (owner, admin): its link stops working; another's id is a 404. */
export async function revokeInvitation(
  ctx: AppContext,
  user: Actor,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  const { client } = await inviterOf(ctx, user);
  if (!isId(id)) throw notFound('Invitation');
  await ctx.db.transaction(async (tx) => {
    const row = await repository.deleteInvitation(tx, client.id, id);
    if (!row) throw notFound('Invitation');
    await audit.record(tx, {
      action: 'organization.invitation_revoked',
      userId: user.id,
      subjectType: 'email',
      subject: row.email,
      subjectUserId: null,
      ip: meta.ip,
      details: { organizationId: client.id, organizationName: client.name, email: row.email, role: row.role },
    });
  });
}

/**
 * `POST /api/organization/invitations/accept {token}`: the signed-in account joins, when its address is the
 * invited one and verified. Unknown or expired link: 400; used: 409; another address or an unverified one: 403;
 * already in an organisation: 409. The invitation is used and the member added in one transaction, with the
 * invitation row locked: two acceptances cannot both pass, and a refused one changes nothing.
 */
export async function acceptInvitation(
  ctx: AppContext,
  user: UserRow,
  token: string,
  meta: RequestMeta,
): Promise<Organization> {
  await ctx.db.transaction(async (tx) => {
    const invitation = await repository.lockInvitationByToken(tx, sha256(token));
    if (!invitation) throw invalidLink();
    if (invitation.acceptedAt) throw conflict('This invitation was already accepted');
    if (invitation.expiresAt.getTime() <= ctx.now().getTime()) throw invalidLink();
    if (invitation.email !== user.email) {
      throw forbidden(
        `This invitation was sent to another address; sign in as that address to accept it (you are ${user.email})`,
      );
    }
    if (!user.emailVerifiedAt) throw forbidden('Verify your e-mail address before you accept the invitation');
    const client = await repository.findClient(tx, invitation.clientId);
    if (!client) throw invalidLink();
    await repository.markAccepted(tx, invitation.id, user.id);
    await addMember(ctx, tx, {
      client,
      user,
      role: invitation.role,
      via: 'invitation',
      actorId: user.id,
      ip: meta.ip,
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'CONFLICT') {
        throw conflict('You already belong to an organisation; leave it before you accept this invitation');
      }
      throw error;
    });
  });
  ctx.forgetUser(user.id);
  return getOrganization(ctx, user);
}
