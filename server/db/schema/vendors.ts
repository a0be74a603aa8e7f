import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { VENDOR_APPLICATION_STATUSES, VENDOR_BUSINESS_TYPES } from '../../../contract/vendors.js';
import { createdAt, searchVector, trigramIndex, updatedAt } from './columns.js';
import { users } from './users.js';

export const vendorBusinessTypeEnum = pgEnum('vendor_business_type', VENDOR_BUSINESS_TYPES);
export const vendorApplicationStatusEnum = pgEnum('vendor_application_status', VENDOR_APPLICATION_STATUSES);

export const vendorApplications = pgTable(
  'vendor_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    phone: text('phone').notNull(),
    businessType: vendorBusinessTypeEnum('business_type').notNull(),
    description: text('description').notNull(),
    certifications: text('certifications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: vendorApplicationStatusEnum('status').notNull().default('PENDING'),
    /** The Director who approved or rejected it. */
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
    searchVector: searchVector(
      sql`setweight(to_tsvector('simple', coalesce(company_name, '')), 'A') || setweight(to_tsvector('simple', coalesce(description, '')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vendor_applications_user_created_idx').on(t.userId, t.createdAt),
    // One open or approved application a user: two submits at once cannot both pass the service's check.
    uniqueIndex('vendor_applications_user_active_key')
      .on(t.userId)
      .where(sql`${t.status} in ('PENDING', 'APPROVED')`),
    index('vendor_applications_search_idx').using('gin', t.searchVector),
    trigramIndex('vendor_applications_company_trgm_idx', t.companyName),
    // The Director's review queue.
    index('vendor_applications_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'PENDING'`),
    // Vendor applications over a period, for the analytics dashboard.
    index('vendor_applications_created_idx').on(t.createdAt),
  ],
);
