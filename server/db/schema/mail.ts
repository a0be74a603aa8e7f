import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { users } from './users.js';

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export const mailStatusEnum = pgEnum('mail_status', MAIL_STATUSES);

/**
 * Every e-mail the app sends, written in the transaction of the change that caused it and delivered afterwards by
 * a `mail.send` job (decision 006). Without SMTP_URL this table is where messages stay (`transport` 'outbox').
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account it concerns, when there is one; kept as null when the account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    /** What the message is: `password_reset`, `email_verify`, `notification.case_update`, ... */
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: mailStatusEnum('status').notNull().default('queued'),
    /** How it left: 'smtp', or 'outbox' when no SMTP server is configured. */
    transport: text('transport'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The Message-ID header it was sent with. */
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('mail_outbox_attempts_non_negative', sql`${t.attempts} >= 0`),
    // Header injection is impossible by construction: no line break can reach a header.
    check(
      'mail_outbox_headers_single_line',
      sql`${t.toAddress} !~ '[\\r\\n]' and ${t.subject} !~ '[\\r\\n]'`,
    ),
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_to_created_idx').on(t.toAddress, t.createdAt),
  ],
);

export const EMAIL_TOKEN_PURPOSES = ['password_reset', 'email_verify', 'email_change'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];
export const emailTokenPurposeEnum = pgEnum('email_token_purpose', EMAIL_TOKEN_PURPOSES);

/** Single-use links sent by e-mail; only a SHA-256 of each token is kept. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link was sent to: a verification only counts for the address the user still has. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);
