import { z } from 'zod';

export const DIGITAL_SERVICE_CATEGORIES = ['threat', 'reputation', 'osint', 'risk', 'trend'] as const;
export type DigitalServiceCategory = (typeof DIGITAL_SERVICE_CATEGORIES)[number];

export const ORGANIZATION_TYPES = [
  'individual',
  'private_company',
  'government',
  'ngo',
  'media',
  'legal_firm',
] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

/** Service inquiry budgets; investigations use their own list (INVESTIGATION_BUDGET_RANGES). */
export const SERVICE_BUDGET_RANGES = ['10k-25k', '25k-50k', '50k-100k', '100k-250k', '250k+'] as const;
export type ServiceBudgetRange = (typeof SERVICE_BUDGET_RANGES)[number];

export const CONTACT_PREFERENCES = ['email', 'phone', 'secure_channel'] as const;
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];

/** The card previews at most this many of each. */
export const PREVIEW_MAX_METRICS = 4;
export const PREVIEW_MAX_CAPABILITIES = 2;
export const PREVIEW_MAX_ACTIVITIES = 2;

/** Snake-case keys are the seed data's own; the client reads them as they are. */
export const digitalServicePreviewSchema = z.object({
  metrics: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  capabilities: z.array(z.string()).optional(),
  recent_targets: z.array(z.string()).optional(),
  recent_alerts: z.array(z.string()).optional(),
  active_campaigns: z.array(z.string()).optional(),
});
export type DigitalServicePreview = z.infer<typeof digitalServicePreviewSchema>;

export const digitalServiceActivitySchema = z.object({
  activity: z.string(),
  status: z.string(),
  timestamp: z.string(),
  confidence: z.number().optional(),
});
export type DigitalServiceActivity = z.infer<typeof digitalServiceActivitySchema>;

export const digitalServiceFullContentSchema = z.object({
  dashboard: z.record(z.string(), z.unknown()).optional(),
  recent_activities: z.array(digitalServiceActivitySchema).optional(),
  analytics: z.record(z.string(), z.unknown()).optional(),
});
export type DigitalServiceFullContent = z.infer<typeof digitalServiceFullContentSchema>;

export const INQUIRY_STATUSES = ['received', 'in_review', 'accepted', 'declined'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const digitalServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  category: z.enum(DIGITAL_SERVICE_CATEGORIES),
  iconClass: z.string(),
  minimumTier: z.number().int(),
  previewContent: digitalServicePreviewSchema,
  fullContent: digitalServiceFullContentSchema,
});
export type DigitalService = z.infer<typeof digitalServiceSchema>;

const atLeast = (min: number, message: string) =>
  z.string({ error: message }).trim().min(min, message).max(5000);
const optionalText = z.string().trim().max(5000).optional();
const mustBeTrue = (message: string) => z.literal(true, { error: message });

/** The service inquiry dialog and `POST /api/service-inquiries` share these rules and messages. */
export const serviceInquiryRequestSchema = z.object({
  serviceId: z
    .string({ error: 'Service selection is required' })
    .min(1, 'Service selection is required')
    .max(50),
  clientName: atLeast(2, 'Full name is required').pipe(z.string().max(200)),
  clientEmail: z
    .string({ error: 'Valid email is required' })
    .trim()
    .pipe(z.email({ error: 'Valid email is required' })),
  clientPhone: atLeast(10, 'Valid phone number is required').pipe(z.string().max(30)),
  organizationName: optionalText,
  organizationType: z
    .enum(ORGANIZATION_TYPES, { error: 'Organization type is required' })
    .default('individual'),
  serviceDescription: atLeast(50, 'Detailed service description is required (minimum 50 characters)'),
  technicalRequirements: atLeast(20, 'Technical requirements must be at least 20 characters'),
  dataScope: atLeast(30, 'Data scope must be at least 30 characters'),
  deliveryTimeframe: atLeast(1, 'Delivery timeframe is required').pipe(z.string().max(200)),
  budgetRange: z.enum(SERVICE_BUDGET_RANGES).default('10k-25k'),
  businessJustification: atLeast(50, 'Business justification must be at least 50 characters'),
  intendedUse: atLeast(40, 'Intended use must be at least 40 characters'),
  dataHandling: atLeast(30, 'Data handling must be at least 30 characters'),
  securityRequirements: optionalText,
  complianceNeeds: optionalText,
  preferredMeetingTime: optionalText,
  legalBasis: atLeast(30, 'Legal basis must be at least 30 characters'),
  ethicalClearance: mustBeTrue('Ethical clearance confirmation is required'),
  dataProtectionCompliance: mustBeTrue('Data protection compliance confirmation is required'),
  noMaliciousUse: mustBeTrue('No malicious use declaration is required'),
  contactPreference: z.enum(CONTACT_PREFERENCES).default('email'),
});
export type ServiceInquiryRequest = z.input<typeof serviceInquiryRequestSchema>;

export const serviceInquirySchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  status: z.enum(INQUIRY_STATUSES),
  budgetRange: z.enum(SERVICE_BUDGET_RANGES),
  contactPreference: z.enum(CONTACT_PREFERENCES),
  createdAt: z.iso.datetime(),
});
export type ServiceInquiry = z.infer<typeof serviceInquirySchema>;
