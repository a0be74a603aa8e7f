import type { DefaultValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import type { User } from '@contract/auth';
import { serviceInquiryRequestSchema, type ServiceInquiryRequest } from '@contract/digital-services';

export type InquiryOutput = z.output<typeof serviceInquiryRequestSchema>;

/** Every field of the request: the API's 400 issues name one of them in `path`. */
export const INQUIRY_FIELD_NAMES = Object.keys(
  serviceInquiryRequestSchema.shape,
) as Path<ServiceInquiryRequest>[];

/** Optional texts left empty are not sent at all. */
const OPTIONAL_TEXTS = [
  'organizationName',
  'securityRequirements',
  'complianceNeeds',
  'preferredMeetingTime',
] as const satisfies readonly (keyof InquiryOutput)[];

/**
 * The inquiry form's defaults (organization type individual, budget 10k-25k, contact by email), the chosen
 * service and what we know of the person. The three declarations start unticked: the person ticks each one.
 */
export function inquiryDefaults(
  serviceId: string,
  user: Pick<User, 'email' | 'firstName' | 'lastName'> | null,
): DefaultValues<ServiceInquiryRequest> {
  return {
    serviceId,
    clientName: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '',
    clientEmail: user?.email ?? '',
    clientPhone: '',
    organizationName: '',
    organizationType: 'individual',
    serviceDescription: '',
    technicalRequirements: '',
    dataScope: '',
    deliveryTimeframe: '',
    budgetRange: '10k-25k',
    businessJustification: '',
    intendedUse: '',
    dataHandling: '',
    securityRequirements: '',
    complianceNeeds: '',
    preferredMeetingTime: '',
    legalBasis: '',
    contactPreference: 'email',
  };
}

/** The checked values as the API takes them. */
export function toInquiryRequest(values: InquiryOutput): ServiceInquiryRequest {
  const request: ServiceInquiryRequest = { ...values };
  for (const field of OPTIONAL_TEXTS) if (!request[field]) delete request[field];
  return request;
}
