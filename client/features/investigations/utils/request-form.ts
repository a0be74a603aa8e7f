import type { DefaultValues, Path } from 'react-hook-form';
import type { User } from '@contract/auth';
import {
  INVESTIGATION_PRIORITY_SURCHARGE,
  investigationRequestSchema,
  type InvestigationCatalogEntry,
  type InvestigationPriority,
  type InvestigationRequestInput,
  type InvestigationRequestValues,
} from '@contract/investigations';

/** Every field of the request: the API's 400 issues name one of them in `path`. */
export const REQUEST_FIELD_NAMES = Object.keys(
  investigationRequestSchema.shape,
) as Path<InvestigationRequestInput>[];

/** Optional texts left empty are not sent at all. */
const OPTIONAL_TEXTS = [
  'organizationName',
  'representativeTitle',
  'courtOrderNumber',
  'attorneyName',
  'barNumber',
  'jurisdictionConcerns',
  'riskFactors',
  'previousInvestigations',
  'dataRetentionRequirements',
  'reportingRequirements',
] as const satisfies readonly (keyof InvestigationRequestValues)[];

/** The dropdown lists only services whose minimum tier is at most the user's tier. */
export function servicesWithinTier(
  catalog: readonly InvestigationCatalogEntry[],
  tier: number,
): InvestigationCatalogEntry[] {
  return catalog.filter((entry) => entry.minimumTier <= tier);
}

/**
 * The request form's defaults (priority STANDARD, client type individual, no court order, budget 25k-50k,
 * sensitivity low, confidentiality standard), the chosen service and the person's name as the authorized
 * representative. The three declarations start unticked: the person must tick each one.
 */
export function requestDefaults(
  serviceType: InvestigationCatalogEntry['id'] | undefined,
  user: Pick<User, 'firstName' | 'lastName'> | null,
): DefaultValues<InvestigationRequestInput> {
  return {
    serviceType,
    subject: '',
    description: '',
    priority: 'STANDARD',
    clientType: 'individual',
    organizationName: '',
    authorizedRepresentative: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '',
    representativeTitle: '',
    legalBasis: '',
    courtOrder: false,
    visibility: 'private',
    courtOrderNumber: '',
    attorneyName: '',
    barNumber: '',
    targetInformation: '',
    jurisdictionConcerns: '',
    expectedTimeframe: '',
    budgetRange: '25k-50k',
    riskFactors: '',
    previousInvestigations: '',
    dataRetentionRequirements: '',
    reportingRequirements: '',
    sensitivityLevel: 'low',
    confidentialityLevel: 'standard',
  };
}

/** The checked values as the API takes them. */
export function toInvestigationRequest(values: InvestigationRequestValues): InvestigationRequestInput {
  const request: InvestigationRequestInput = { ...values };
  for (const field of OPTIONAL_TEXTS) if (!request[field]) delete request[field];
  return request;
}

/**
 * What the server will estimate (basePrice × (1 + surcharge)), for the form to show before sending; the
 * server's figure is the one that counts. Null when the base price cannot be read.
 */
export function previewEstimate(basePrice: string, priority: InvestigationPriority): number | null {
  const base = Number(basePrice);
  if (!Number.isFinite(base)) return null;
  return Math.round(base * (1 + INVESTIGATION_PRIORITY_SURCHARGE[priority]) * 100) / 100;
}
