import { sql } from 'drizzle-orm';
import { boolean, check, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { API_KEY_PERMISSIONS } from '../../../contract/api-keys.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

export const apiKeyPermissionEnum = pgEnum('api_key_permission', API_KEY_PERMISSIONS);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * SHA-256 hex of the full key: the key is shown once, and a leaked table must not yield working keys. A fast
     * hash is enough because keys are 256-bit random, not guessable passwords. Unique: it is the lookup on every
     * Bearer request.
     */
    keyHash: text('key_hash').notNull().unique(),
    /** The first characters of the key, so a user can tell keys apart in the list. */
    keyPrefix: text('key_prefix').notNull(),
    permissions: apiKeyPermissionEnum('permissions')
      .array()
      .notNull()
      .default(sql`'{read}'::api_key_permission[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Derived from revokedAt so the two can never disagree. Expiry is not folded in: a generated column cannot
     * read the clock, so authentication checks expiresAt itself.
     */
    isActive: boolean('is_active')
      .notNull()
      .generatedAlwaysAs(sql`revoked_at is null`),
    lastUsed: timestamp('last_used', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('api_keys_has_permission', sql`cardinality(${t.permissions}) >= 1`),
    check('api_keys_key_hash_format', sql`${t.keyHash} ~ '^[0-9a-f]{64}$'`),
    index('api_keys_user_created_idx').on(t.userId, t.createdAt),
  ],
);
