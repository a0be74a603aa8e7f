import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

/** Passkeys and security keys (WebAuthn credentials): what verifying an assertion needs, and what the owner sees. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url: how an assertion names the passkey it was made with. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. Public by nature, yet never sent anywhere (not even in the data export). */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (unsigned 32 bits); 0 for passkeys that keep none (synced ones). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** `singleDevice` (bound to one authenticator) or `multiDevice` (may be synced). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    /** The authenticator's model (AAGUID), all zeros when it does not say. */
    aaguid: text('aaguid').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    check('passkeys_device_type', sql`${t.deviceType} in ('singleDevice', 'multiDevice')`),
    check('passkeys_counter_range', sql`${t.counter} between 0 and 4294967295`),
    index('passkeys_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Challenges handed out for a WebAuthn ceremony: each works once (taken with DELETE ... RETURNING) and for five
 * minutes. In PostgreSQL so that any instance can finish a ceremony another one began.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** `registration`, `sign-in`, `mfa` or `reauth`: a challenge only finishes the ceremony it was made for. */
    purpose: text('purpose').notNull(),
    /** The account the ceremony is for; null for a discoverable sign-in, where nobody is known yet. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

export type PasskeyRow = typeof passkeys.$inferSelect;
