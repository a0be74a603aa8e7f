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

/** The card previews at most this many of each (spec section 9). */
export const PREVIEW_MAX_METRICS = 4;
export const PREVIEW_MAX_CAPABILITIES = 2;
export const PREVIEW_MAX_ACTIVITIES = 2;

/** Snake-case keys are the spec's own (section 3); the client reads them as they are. */
export interface DigitalServicePreview {
  metrics?: Record<string, string | number>;
  capabilities?: string[];
  recent_targets?: string[];
  recent_alerts?: string[];
  active_campaigns?: string[];
}

export interface DigitalServiceActivity {
  activity: string;
  status: string;
  timestamp: string;
  confidence?: number;
}

export interface DigitalServiceFullContent {
  dashboard?: Record<string, unknown>;
  recent_activities?: DigitalServiceActivity[];
  analytics?: Record<string, unknown>;
}
