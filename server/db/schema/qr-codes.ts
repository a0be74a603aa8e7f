import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { QR_CODE_TYPES, type QrCodeData } from '../../../contract/qr-codes.js';
import { createdAt, nonNegative } from './columns.js';
import { users } from './users.js';

export const qrCodeTypeEnum = pgEnum('qr_code_type', QR_CODE_TYPES);

export const qrCodes = pgTable(
  'qr_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: qrCodeTypeEnum('type').notNull(),
    /**
     * The random part of the scan URL `/q/{token}`. Separate from the id so a code can be
     * reissued, and unguessable because whoever holds it may scan it. Unique: a scan looks it up.
     */
    token: text('token').notNull().unique(),
    data: jsonb('data').$type<QrCodeData>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    scannedCount: integer('scanned_count').notNull().default(0),
    lastScannedAt: timestamp('last_scanned_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    nonNegative('qr_codes_scanned_count_non_negative', t.scannedCount),
    check('qr_codes_data_object', sql`jsonb_typeof(${t.data}) = 'object'`),
    index('qr_codes_user_created_idx').on(t.userId, t.createdAt),
  ],
);
