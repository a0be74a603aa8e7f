import { z } from 'zod';
import { moneySchema } from './catalog.js';
import { slaListQuerySchema, slaSchema } from './service-levels.js';
import { recordVisibilitySchema, visibilityFilterSchema } from './organization.js';

/** Slugs of the static catalogue of seven; each is also a request's serviceType. */
export const INVESTIGATION_SERVICE_TYPES = [
  'background-check',
  'corporate-intelligence',
  'digital-forensics',
  'surveillance',
  'location-skip-tracing',
  'asset-investigation',
  'fraud-investigation',
] as const;
export type InvestigationServiceType = (typeof INVESTIGATION_SERVICE_TYPES)[number];

export const INVESTIGATION_PRIORITIES = ['LOW', 'STANDARD', 'HIGH', 'URGENT'] as const;
export type InvestigationPriority = (typeof INVESTIGATION_PRIORITIES)[number];

/** Fraction added to the base cost: +50% for HIGH, +100% for URGENT. */
export const INVESTIGATION_PRIORITY_SURCHARGE: Readonly<Record<InvestigationPriority, number>> = {
  LOW: 0,
  STANDARD: 0,
  HIGH: 0.5,
  URGENT: 1,
};

export const INVESTIGATION_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export type InvestigationStatus = (typeof INVESTIGATION_STATUSES)[number];

export const INVESTIGATION_CLIENT_TYPES = ['individual', 'corporate', 'government', 'legal_firm'] as const;
export type InvestigationClientType = (typeof INVESTIGATION_CLIENT_TYPES)[number];

/** Not the service inquiry list: investigations start at 25k. */
export const INVESTIGATION_BUDGET_RANGES = [
  '25k-50k',
  '50k-100k',
  '100k-250k',
  '250k-500k',
  '500k+',
] as const;
export type InvestigationBudgetRange = (typeof INVESTIGATION_BUDGET_RANGES)[number];

export const SENSITIVITY_LEVELS = ['low', 'medium', 'high', 'classified'] as const;
export type SensitivityLevel = (typeof SENSITIVITY_LEVELS)[number];

export const CONFIDENTIALITY_LEVELS = ['standard', 'enhanced', 'maximum'] as const;
export type ConfidentialityLevel = (typeof CONFIDENTIALITY_LEVELS)[number];

/** One entry of `GET /api/investigations/catalog`, in the catalogue's own order. */
export const investigationCatalogEntrySchema = z.object({
  id: z.enum(INVESTIGATION_SERVICE_TYPES),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  minimumTier: z.number().int(),
  /** Display text in rupees ('₹25,000 - ₹75,000'), shown as written. */
  pricing: z.string(),
  /** Rupees; what estimates are computed from. */
  basePrice: moneySchema,
  features: z.array(z.string()),
  deliveryTime: z.string(),
  category: z.string(),
});
export type InvestigationCatalogEntry = z.infer<typeof investigationCatalogEntrySchema>;

const TEXT_MAX = 5000;
const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
const atLeast = (min: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(TEXT_MAX, `Must be at most ${TEXT_MAX} characters`);
const optionalText = (max = TEXT_MAX) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).optional();
const mustBeTrue = (message: string) => z.literal(true, { error: message });

/** The investigation request dialog and `POST /api/investigations` share these rules, defaults and messages. */
export const investigationRequestSchema = z.object({
  serviceType: z.enum(INVESTIGATION_SERVICE_TYPES, { error: 'Service type is required' }),
  subject: required('Subject is required'),
  description: atLeast(50, 'Description must be at least 50 characters'),
  priority: z.enum(INVESTIGATION_PRIORITIES, { error: 'Priority is required' }).default('STANDARD'),
  clientType: z.enum(INVESTIGATION_CLIENT_TYPES, { error: 'Client type is required' }).default('individual'),
  organizationName: optionalText(200),
  authorizedRepresentative: required('Authorized representative is required'),
  representativeTitle: optionalText(200),
  legalBasis: atLeast(20, 'Legal basis must be at least 20 characters'),
  courtOrder: z.boolean({ error: 'Court order must be yes or no' }).default(false),
  courtOrderNumber: optionalText(100),
  attorneyName: optionalText(200),
  barNumber: optionalText(100),
  targetInformation: atLeast(30, 'Target information must be at least 30 characters'),
  jurisdictionConcerns: optionalText(),
  expectedTimeframe: required('Expected timeframe is required'),
  budgetRange: z.enum(INVESTIGATION_BUDGET_RANGES, { error: 'Budget range is required' }).default('25k-50k'),
  riskFactors: optionalText(),
  previousInvestigations: optionalText(),
  dataRetentionRequirements: optionalText(),
  reportingRequirements: optionalText(),
  sensitivityLevel: z.enum(SENSITIVITY_LEVELS, { error: 'Sensitivity level is required' }).default('low'),
  /** Accepted by the API; the request form has no field for it. */
  confidentialityLevel: z
    .enum(CONFIDENTIALITY_LEVELS, { error: 'Confidentiality level is required' })
    .default('standard'),
  lawfulPurposeDeclaration: mustBeTrue('Must declare lawful purpose'),
  noHarassmentDeclaration: mustBeTrue('Must declare no harassment intent'),
  complianceAgreement: mustBeTrue('Must agree to compliance requirements'),
  /** `organization`: every member of the requester's organisation reads it (design 12.3). */
  visibility: recordVisibilitySchema.default('private'),
});
export type InvestigationRequestInput = z.input<typeof investigationRequestSchema>;
export type InvestigationRequestValues = z.output<typeof investigationRequestSchema>;

/** A request as the API answers it: its fields and what the list shows. */
export const investigationSchema = z.object({
  id: z.string(),
  subject: z.string(),
  description: z.string(),
  serviceType: z.enum(INVESTIGATION_SERVICE_TYPES),
  serviceName: z.string(),
  priority: z.enum(INVESTIGATION_PRIORITIES),
  status: z.enum(INVESTIGATION_STATUSES),
  clientType: z.enum(INVESTIGATION_CLIENT_TYPES),
  budgetRange: z.enum(INVESTIGATION_BUDGET_RANGES),
  sensitivityLevel: z.enum(SENSITIVITY_LEVELS),
  confidentialityLevel: z.enum(CONFIDENTIALITY_LEVELS),
  courtOrder: z.boolean(),
  expectedTimeframe: z.string(),
  /** Rupees, a decimal string; null until estimated. */
  estimatedCost: moneySchema.nullable(),
  /** The assigned agent's display name, or null while unassigned. */
  assignedAgent: z.string().nullable(),
  assignedAgentId: z.string().nullable(),
  /** Who asked: their display name (Directors see everyone's requests). */
  requestedBy: z.string(),
  /** What the requester declared, when and from where (design 11.2: also in the audit trail). */
  declarations: z.object({
    lawfulPurpose: z.boolean(),
    noHarassment: z.boolean(),
    compliance: z.boolean(),
    declaredAt: z.iso.datetime(),
    ip: z.string().nullable(),
  }),
  /** Service levels (design 11.6): the clocks of the tier the request was filed at. */
  sla: slaSchema,
  /** `organization`: shared with the requester's organisation (design 12.3). */
  visibility: recordVisibilitySchema,
  /** Whether the reader filed it (a colleague's shared request is not theirs). */
  mine: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Investigation = z.infer<typeof investigationSchema>;

/** `GET /api/investigations`: your own by default; `scope=all` is for Directors. */
export const INVESTIGATION_LIST_SCOPES = ['mine', 'all'] as const;
export const investigationListQuerySchema = z.object({
  scope: z.enum(INVESTIGATION_LIST_SCOPES, { error: "Scope must be 'mine' or 'all'" }).default('mine'),
  /** Your list: only the requests shared with your organisation, or only your private ones. */
  visibility: visibilityFilterSchema,
  ...slaListQuerySchema.shape,
});

/** Where each status may go next; anything else is refused (409). */
export const INVESTIGATION_STATUS_TRANSITIONS: Readonly<
  Record<InvestigationStatus, readonly InvestigationStatus[]>
> = {
  PENDING: ['IN_PROGRESS', 'CANCELLED'],
  IN_PROGRESS: ['COMPLETED', 'CANCELLED'],
  COMPLETED: [],
  CANCELLED: [],
};

/** `PATCH /api/investigations/{id}` (Directors): a status move and/or an agent (null unassigns). */
export const investigationUpdateSchema = z
  .object({
    status: z.enum(INVESTIGATION_STATUSES, { error: 'Status is not valid' }).optional(),
    assignedAgentId: z.string({ error: 'Assigned agent must be a Director' }).max(100).nullable().optional(),
    /** The requester's own change: share the request with their organisation, or stop sharing it. */
    visibility: recordVisibilitySchema.optional(),
  })
  .refine(
    (value) =>
      value.status !== undefined || value.assignedAgentId !== undefined || value.visibility !== undefined,
    { message: 'Nothing to update: send status, assignedAgentId or visibility' },
  );
export type InvestigationUpdate = z.infer<typeof investigationUpdateSchema>;

/** A Director a request may be assigned to (`GET /api/investigations/agents`, Directors only). */
export const investigationAgentSchema = z.object({ id: z.string(), name: z.string() });
export type InvestigationAgent = z.infer<typeof investigationAgentSchema>;
