import { z } from 'zod';
import { decodeAuditCursor } from './audit.js';
import { email as emailSchema, emailTokenSchema } from './email.js';
import { listQuerySchema } from './lists.js';

/**
 * Enterprise clients as organisations (design 12.3): the people of a client, their roles, invitations, the tier
 * they inherit and the records they share. Decision 036.
 */

export const ORGANIZATION_ROLES = ['owner', 'admin', 'member'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** How a member joined: a verified address on the domain, an invitation, single sign-on, SCIM or a Director. */
export const MEMBERSHIP_VIA = ['domain', 'invitation', 'sso', 'scim', 'director'] as const;
export type MembershipVia = (typeof MEMBERSHIP_VIA)[number];

/** Who sees a case or an investigation request: its owner (and staff), or also the owner's organisation. */
export const RECORD_VISIBILITIES = ['private', 'organization'] as const;
export type RecordVisibility = (typeof RECORD_VISIBILITIES)[number];

/** An invitation's link works once, for this many days. */
export const INVITATION_TTL_DAYS = 7;

/**
 * The highest tier an organisation passes on to its members. Tier 4 is staff (design 4): a Director's rights come
 * from the person's own, Director-approved tier and never from the client they work for (decision 036).
 */
export const INHERITED_TIER_MAX = 3;

/** A member's effective tier: the higher of their own and the client's (up to INHERITED_TIER_MAX). */
export function effectiveTier(ownTier: number, clientTier: number | null | undefined): number {
  return clientTier == null ? ownTier : Math.max(ownTier, Math.min(clientTier, INHERITED_TIER_MAX));
}

export const ROLE_LABELS: Record<OrganizationRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

export const VIA_LABELS: Record<MembershipVia, string> = {
  domain: 'Verified address on the domain',
  invitation: 'Invitation',
  sso: 'Single sign-on',
  scim: 'Provisioned (SCIM)',
  director: 'Seated by a Director',
};

export const ORGANIZATION_MESSAGES = {
  role: 'Role must be owner, admin or member',
  visibility: 'Visibility must be private or organization',
} as const;

export const organizationRoleSchema = z.enum(ORGANIZATION_ROLES, { error: ORGANIZATION_MESSAGES.role });
export const recordVisibilitySchema = z.enum(RECORD_VISIBILITIES, {
  error: ORGANIZATION_MESSAGES.visibility,
});

/** `GET /api/organization`. */
export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  tier: z.number().int(),
  role: z.enum(ORGANIZATION_ROLES),
  memberCount: z.number().int(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** What `GET /api/auth/user` says of the user's organisation. */
export const userOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ORGANIZATION_ROLES),
});
export type UserOrganization = z.infer<typeof userOrganizationSchema>;

/** `GET /api/organization/members` (owner, admin), and each member of a client on the Directors' list. */
export const organizationMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ORGANIZATION_ROLES),
  joinedAt: z.iso.datetime(),
  via: z.enum(MEMBERSHIP_VIA),
});
export type OrganizationMember = z.infer<typeof organizationMemberSchema>;

/** `PATCH /api/organization/members/{userId}`. */
export const updateMemberRequestSchema = z.object({ role: organizationRoleSchema });
export type UpdateMemberRequest = z.infer<typeof updateMemberRequestSchema>;

/** `POST /api/organization/invitations` (owner, admin); also a Director seating someone on a client. */
export const inviteMemberRequestSchema = z.object({
  email: emailSchema,
  role: organizationRoleSchema.default('member'),
});
export type InviteMemberRequest = z.input<typeof inviteMemberRequestSchema>;

/** `POST /api/enterprise/clients/{id}/members` (Directors): an existing account, an owner by default. */
export const seatMemberRequestSchema = z.object({
  email: emailSchema,
  role: organizationRoleSchema.default('owner'),
});
export type SeatMemberRequest = z.input<typeof seatMemberRequestSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ORGANIZATION_ROLES),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  /** Who sent it, by e-mail; null once that account is gone. */
  invitedBy: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** `POST /api/organization/invitations/accept`. */
export const acceptInvitationRequestSchema = z.object({ token: emailTokenSchema });
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

/** `PATCH /api/cases/{id}` and `PATCH /api/investigations/{id}` by the record's owner. */
export const visibilityRequestSchema = z.object({ visibility: recordVisibilitySchema });

/** A list's `?visibility=` filter: only the records shared with the organisation, or only the private ones. */
export const visibilityFilterSchema = recordVisibilitySchema.optional();

const CURSOR_MESSAGE = 'before must be the X-Next-Cursor value of the previous page';

/** `GET /api/organization/audit`: pages of the trail of design 11.2 (`before` is the previous `X-Next-Cursor`). */
export const organizationAuditQuerySchema = listQuerySchema.extend({
  before: z
    .string({ error: CURSOR_MESSAGE })
    .transform((value, ctx) => {
      const cursor = decodeAuditCursor(value);
      if (!cursor) {
        ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
        return z.NEVER;
      }
      return cursor;
    })
    .optional(),
});
