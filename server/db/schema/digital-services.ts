import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, json, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  CONTACT_PREFERENCES,
  DIGITAL_SERVICE_CATEGORIES,
  ORGANIZATION_TYPES,
  SERVICE_BUDGET_RANGES,
  type DigitalServiceFullContent,
  type DigitalServicePreview,
  INQUIRY_STATUSES,
} from '../../../contract/digital-services.js';
import { DEFAULT_TIER } from '../../../contract/tiers.js';
import { createdAt, searchVector, slugCheck, tierCheck, trigramIndex, updatedAt } from './columns.js';
import { users } from './users.js';

export const digitalServiceCategoryEnum = pgEnum('digital_service_category', DIGITAL_SERVICE_CATEGORIES);
export const organizationTypeEnum = pgEnum('organization_type', ORGANIZATION_TYPES);
export const serviceBudgetRangeEnum = pgEnum('service_budget_range', SERVICE_BUDGET_RANGES);
export const contactPreferenceEnum = pgEnum('contact_preference', CONTACT_PREFERENCES);
export const inquiryStatusEnum = pgEnum('inquiry_status', INQUIRY_STATUSES);

/**
 * A static catalogue of five, seeded from server/db/seed/: the id is a readable slug ('threat', 'reputation',
 * 'osint', 'risk', 'trend') so seeds are idempotent upserts and an inquiry's serviceId reads on its own.
 * No secondary index: the whole table is always read, sorted by tier.
 */
export const digitalServices = pgTable(
  'digital_services',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    shortDescription: text('short_description').notNull(),
    description: text('description').notNull(),
    category: digitalServiceCategoryEnum('category').notNull(),
    iconClass: text('icon_class').notNull(),
    minimumTier: integer('minimum_tier').notNull().default(DEFAULT_TIER),
    // json, not jsonb: jsonb reorders object keys, and the cards show the first metrics in the order written.
    previewContent: json('preview_content').$type<DigitalServicePreview>().notNull().default({}),
    fullContent: json('full_content').$type<DigitalServiceFullContent>().notNull().default({}),
    sortOrder: integer('sort_order').notNull().default(0),
    searchVector: searchVector(
      sql`setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(short_description, '') || ' ' || coalesce(description, '')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    slugCheck('digital_services_id_format', t.id),
    tierCheck('digital_services_minimum_tier_range', t.minimumTier),
    index('digital_services_search_idx').using('gin', t.searchVector),
    trigramIndex('digital_services_name_trgm_idx', t.name),
  ],
);

export const serviceInquiries = pgTable(
  'service_inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Restrict: an inquiry on file must keep the service it asked about; a renamed slug follows along. */
    serviceId: text('service_id')
      .notNull()
      .references(() => digitalServices.id, { onDelete: 'restrict', onUpdate: 'cascade' }),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    clientPhone: text('client_phone').notNull(),
    organizationName: text('organization_name'),
    organizationType: organizationTypeEnum('organization_type').notNull().default('individual'),
    serviceDescription: text('service_description').notNull(),
    technicalRequirements: text('technical_requirements').notNull(),
    dataScope: text('data_scope').notNull(),
    deliveryTimeframe: text('delivery_timeframe').notNull(),
    budgetRange: serviceBudgetRangeEnum('budget_range').notNull().default('10k-25k'),
    businessJustification: text('business_justification').notNull(),
    intendedUse: text('intended_use').notNull(),
    dataHandling: text('data_handling').notNull(),
    securityRequirements: text('security_requirements'),
    complianceNeeds: text('compliance_needs'),
    preferredMeetingTime: text('preferred_meeting_time'),
    legalBasis: text('legal_basis').notNull(),
    ethicalClearance: boolean('ethical_clearance').notNull(),
    dataProtectionCompliance: boolean('data_protection_compliance').notNull(),
    noMaliciousUse: boolean('no_malicious_use').notNull(),
    contactPreference: contactPreferenceEnum('contact_preference').notNull().default('email'),
    status: inquiryStatusEnum('status').notNull().default('received'),
    createdAt: createdAt(),
  },
  (t) => [
    // The declarations are the firm's legal cover: no inquiry may exist without all three.
    check(
      'service_inquiries_declarations',
      sql`${t.ethicalClearance} and ${t.dataProtectionCompliance} and ${t.noMaliciousUse}`,
    ),
    index('service_inquiries_user_created_idx').on(t.userId, t.createdAt),
  ],
);
