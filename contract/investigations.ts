/** Slugs of the static catalogue (spec section 6); each is also a request's serviceType. */
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

/** Fraction added to the base cost (spec section 9). */
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

/** Not the service inquiry list: investigations start at 25k (spec section 9). */
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
