import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  COMMUNICATION_FREQUENCIES,
  DATA_CLASSIFICATIONS,
  ENCRYPTION_PREFERENCES,
  SECURE_CHANNEL_REVIEW_STATUSES,
  SECURITY_CLEARANCES,
} from '../../../contract/secure-channel.js';
import { createdAt, updatedAt } from './columns.js';
import { users } from './users.js';

export const securityClearanceEnum = pgEnum('security_clearance', SECURITY_CLEARANCES);
export const encryptionPreferenceEnum = pgEnum('encryption_preference', ENCRYPTION_PREFERENCES);
export const communicationFrequencyEnum = pgEnum('communication_frequency', COMMUNICATION_FREQUENCIES);
export const dataClassificationEnum = pgEnum('data_classification', DATA_CLASSIFICATIONS);
export const secureChannelReviewStatusEnum = pgEnum(
  'secure_channel_review_status',
  SECURE_CHANNEL_REVIEW_STATUSES,
);

export const secureChannelRequests = pgTable(
  'secure_channel_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for the anonymous visitors the form is meant for: anyone may ask for access. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    organization: text('organization'),
    securityClearance: securityClearanceEnum('security_clearance').notNull(),
    accessPurpose: text('access_purpose').notNull(),
    operationalNeed: text('operational_need').notNull(),
    referenceContact: text('reference_contact').notNull(),
    emergencyContact: text('emergency_contact').notNull(),
    encryptionPreference: encryptionPreferenceEnum('encryption_preference').notNull(),
    communicationFrequency: communicationFrequencyEnum('communication_frequency').notNull(),
    dataClassification: dataClassificationEnum('data_classification').notNull(),
    complianceRequirements: text('compliance_requirements'),
    status: secureChannelReviewStatusEnum('status').notNull().default('pending'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The form warns that attempts are monitored; the address is what a reviewer can act on. */
    ip: text('ip'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The Director's review queue.
    index('secure_channel_requests_status_created_idx').on(t.status, t.createdAt),
  ],
);
