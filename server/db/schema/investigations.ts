import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  CONFIDENTIALITY_LEVELS,
  INVESTIGATION_BUDGET_RANGES,
  INVESTIGATION_CLIENT_TYPES,
  INVESTIGATION_PRIORITIES,
  INVESTIGATION_SERVICE_TYPES,
  INVESTIGATION_STATUSES,
  SENSITIVITY_LEVELS,
} from '../../../contract/investigations.js';
import { DEFAULT_TIER } from '../../../contract/tiers.js';
import {
  createdAt,
  money,
  nonNegative,
  searchVector,
  tierCheck,
  trigramIndex,
  updatedAt,
} from './columns.js';
import { serviceLevelColumns, serviceLevelIndexes } from './service-levels.js';
import { enterpriseClients } from './enterprise.js';
import { users } from './users.js';

export const investigationServiceTypeEnum = pgEnum('investigation_service_type', INVESTIGATION_SERVICE_TYPES);
export const investigationPriorityEnum = pgEnum('investigation_priority', INVESTIGATION_PRIORITIES);
export const investigationStatusEnum = pgEnum('investigation_status', INVESTIGATION_STATUSES);
export const investigationClientTypeEnum = pgEnum('investigation_client_type', INVESTIGATION_CLIENT_TYPES);
export const investigationBudgetRangeEnum = pgEnum('investigation_budget_range', INVESTIGATION_BUDGET_RANGES);
export const sensitivityLevelEnum = pgEnum('sensitivity_level', SENSITIVITY_LEVELS);
export const confidentialityLevelEnum = pgEnum('confidentiality_level', CONFIDENTIALITY_LEVELS);

/**
 * The static catalogue of seven services, each with its minimum tier, seeded from server/db/seed/. The id is the service type
 * slug itself ('background-check', ...), typed by the enum, so the catalogue cannot hold a type that requests
 * cannot name. No secondary index: the whole table is always read.
 */
export const investigationCatalog = pgTable(
  'investigation_catalog',
  {
    id: investigationServiceTypeEnum('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    icon: text('icon').notNull(),
    minimumTier: integer('minimum_tier').notNull().default(DEFAULT_TIER),
    /** Display text ('25,000-75,000', '15,000 per day'); basePrice is what estimates compute with. */
    pricing: text('pricing').notNull(),
    /** Rupees; the low end of the range (or the day rate), before the priority surcharge. */
    basePrice: money('base_price').notNull(),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deliveryTime: text('delivery_time').notNull(),
    category: text('category').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    searchVector: searchVector(
      sql`setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(description, '')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('investigation_catalog_search_idx').using('gin', t.searchVector),
    trigramIndex('investigation_catalog_name_trgm_idx', t.name),
    tierCheck('investigation_catalog_minimum_tier_range', t.minimumTier),
    nonNegative('investigation_catalog_base_price_non_negative', t.basePrice),
  ],
);

export const investigationRequests = pgTable(
  'investigation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Restrict: a request on file must keep the catalogue entry it was priced from. */
    serviceType: investigationServiceTypeEnum('service_type')
      .notNull()
      .references(() => investigationCatalog.id, { onDelete: 'restrict' }),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    priority: investigationPriorityEnum('priority').notNull().default('STANDARD'),
    status: investigationStatusEnum('status').notNull().default('PENDING'),
    clientType: investigationClientTypeEnum('client_type').notNull().default('individual'),
    organizationName: text('organization_name'),
    authorizedRepresentative: text('authorized_representative').notNull(),
    representativeTitle: text('representative_title'),
    legalBasis: text('legal_basis').notNull(),
    courtOrder: boolean('court_order').notNull().default(false),
    courtOrderNumber: text('court_order_number'),
    attorneyName: text('attorney_name'),
    barNumber: text('bar_number'),
    targetInformation: text('target_information').notNull(),
    jurisdictionConcerns: text('jurisdiction_concerns'),
    expectedTimeframe: text('expected_timeframe').notNull(),
    budgetRange: investigationBudgetRangeEnum('budget_range').notNull().default('25k-50k'),
    riskFactors: text('risk_factors'),
    previousInvestigations: text('previous_investigations'),
    dataRetentionRequirements: text('data_retention_requirements'),
    reportingRequirements: text('reporting_requirements'),
    sensitivityLevel: sensitivityLevelEnum('sensitivity_level').notNull().default('low'),
    confidentialityLevel: confidentialityLevelEnum('confidentiality_level').notNull().default('standard'),
    lawfulPurposeDeclaration: boolean('lawful_purpose_declaration').notNull(),
    noHarassmentDeclaration: boolean('no_harassment_declaration').notNull(),
    complianceAgreement: boolean('compliance_agreement').notNull(),
    /** Rupees; null until estimated. */
    estimatedCost: money('estimated_cost'),
    /**
     * The API's `assignedAgent`, kept as a user id so it cannot name someone who is not an account; the API
     * turns it into a display name. Set null: a departed agent leaves the request unassigned, not deleted.
     */
    assignedAgentId: uuid('assigned_agent_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The organisation the owner shared it with (design 12.3: visibility `organization`); null: private. Set
     * null with the client, so a removed client's records fall back to private.
     */
    organizationId: uuid('organization_id').references(() => enterpriseClients.id, { onDelete: 'set null' }),
    ...serviceLevelColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...serviceLevelIndexes('investigation_requests', t),
    // The declarations are the firm's legal cover: no request may exist without all three.
    check(
      'investigation_requests_declarations',
      sql`${t.lawfulPurposeDeclaration} and ${t.noHarassmentDeclaration} and ${t.complianceAgreement}`,
    ),
    nonNegative('investigation_requests_estimated_cost_non_negative', t.estimatedCost),
    index('investigation_requests_user_created_idx').on(t.userId, t.createdAt),
    index('investigation_requests_organization_created_idx')
      .on(t.organizationId, t.createdAt)
      .where(sql`${t.organizationId} is not null`),
    index('investigation_requests_agent_created_idx').on(t.assignedAgentId, t.createdAt),
    // Investigation requests over a period, for the analytics dashboard.
    index('investigation_requests_created_idx').on(t.createdAt),
  ],
);
