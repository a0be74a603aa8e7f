import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; the unique index makes duplicates impossible. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    tier: integer('tier').notNull().default(1),
    /** When the address was confirmed through a link sent to it; null until then (account mail only). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** The TOTP secret while 2FA is on, encrypted (lib/secret-box). */
    mfaSecret: text('mfa_secret'),
    /** A secret handed out by the setup step, waiting for its first code; replaced by each new setup. */
    mfaPendingSecret: text('mfa_pending_secret'),
    /** Last TOTP time step accepted, so a code cannot be replayed. */
    mfaLastTimeStep: integer('mfa_last_time_step'),
    /** When the user asked to delete the account (design 11.2); null when no deletion is pending. */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    /** When a pending deletion is carried out; signing in before then cancels it. */
    deletionScheduledFor: timestamp('deletion_scheduled_for', { withTimezone: true }),
    /** Set when the deletion was carried out: the row stays, anonymised, for the orders and payments it keeps. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** "Deleted user #n" for Directors; numbered from deleted_user_number_seq when the deletion is carried out. */
    deletedNumber: integer('deleted_number').unique(),
    /**
     * Set while the organisation's directory has deactivated the account (SCIM, design 12.4): it cannot sign in, and
     * its sessions and API keys were ended when this was set. Cleared when the directory reactivates it.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_tier_range', sql`${t.tier} between 1 and 4`),
    index('users_deletion_scheduled_idx')
      .on(t.deletionScheduledFor)
      .where(sql`${t.deletionScheduledFor} is not null`),
  ],
);

/** Numbers deleted accounts in the order their deletion was carried out. */
export const deletedUserNumberSeq = pgSequence('deleted_user_number_seq');

export const sessions = pgTable(
  'sessions',
  {
    /** HMAC of the 256-bit cookie value: a leaked table does not leak live sessions. */
    idHash: text('id_hash').primaryKey(),
    /** The public id of a session (the devices list), unrelated to the cookie. */
    id: uuid('id').notNull().unique().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set between the password step and the 2FA step of a login; such a session is not signed in. */
    mfaPending: boolean('mfa_pending').notNull().default(false),
    /**
     * When the session last proved a factor (design 12.2): its sign-in, then each `POST /api/auth/reauth`. Actions
     * that change how the account is protected need it within REAUTH_WINDOW_SECONDS.
     */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who acted: the signed-in user, or null for the system and for a login with an unknown email. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    /** What kind of record the event is about: 'user', 'case', 'payment', 'email' (a failed login's address)... */
    subjectType: text('subject_type'),
    /** Which one: its id, or for 'email' the address a login tried. */
    subject: text('subject'),
    /** The account whose data the event is about (the subject user), when there is one. */
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_user_created_idx').on(t.userId, t.createdAt),
    index('audit_log_subject_user_created_idx').on(t.subjectUserId, t.createdAt),
    index('audit_log_action_created_idx').on(t.action, t.createdAt),
    index('audit_log_created_id_idx').on(t.createdAt, t.id),
  ],
);

/** 2FA backup codes: only a keyed hash is kept; each works once. Pending ones belong to an unfinished setup. */
export const mfaBackupCodes = pgTable(
  'mfa_backup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_backup_codes_user_idx').on(t.userId)],
);

/** A user as stored: who a session belongs to and whom a service acts for (the services' "actor"). */
export type UserRow = typeof users.$inferSelect;
/**
 * Whom a signed-in request acts for (decision 037): the user row with `tier` the effective tier (the higher of
 * their own and their organisation's), `ownTier` what the row holds, and their organisation with their role.
 * Made once per cached session, so every gate reads the effective tier at no cost.
 */
export interface SignedInUser extends UserRow {
  ownTier: number;
  organization: { id: string; name: string; role: 'owner' | 'admin' | 'member'; tier: number } | null;
}

/** A session as stored. */
export type SessionRow = typeof sessions.$inferSelect;
