import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MEMBERSHIP_VIA, ORGANIZATION_ROLES } from '../../../contract/organization.js';
import { createdAt } from './columns.js';
import { enterpriseClients } from './enterprise.js';
import { users } from './users.js';

const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Who works in which enterprise client (design 12.3). The user is the key: a user belongs to one organisation at
 * most, and the database, not a prior read, makes a second membership impossible.
 */
export const organizationMembers = pgTable(
  'organization_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => enterpriseClients.id, { onDelete: 'cascade' }),
    role: text('role').$type<(typeof ORGANIZATION_ROLES)[number]>().notNull(),
    via: text('via').$type<(typeof MEMBERSHIP_VIA)[number]>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** The directory's own id for the person (SCIM `externalId`), when it sent one. */
    externalId: text('external_id'),
  },
  (t) => [
    check('organization_members_role', sql`${t.role} in (${quoted(ORGANIZATION_ROLES)})`),
    check('organization_members_via', sql`${t.via} in (${quoted(MEMBERSHIP_VIA)})`),
    index('organization_members_client_idx').on(t.clientId, t.role),
  ],
);

/** Invitations by mail: only a SHA-256 of the link's token is kept; each works once, for 7 days. */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => enterpriseClients.id, { onDelete: 'cascade' }),
    /** Lower-cased, like users' addresses. */
    email: text('email').notNull(),
    role: text('role').$type<(typeof ORGANIZATION_ROLES)[number]>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('organization_invitations_role', sql`${t.role} in (${quoted(ORGANIZATION_ROLES)})`),
    // One waiting invitation per address and organisation.
    uniqueIndex('organization_invitations_waiting_key')
      .on(t.clientId, t.email)
      .where(sql`${t.acceptedAt} is null`),
  ],
);

export type OrganizationMemberRow = typeof organizationMembers.$inferSelect;
export type OrganizationInvitationRow = typeof organizationInvitations.$inferSelect;
