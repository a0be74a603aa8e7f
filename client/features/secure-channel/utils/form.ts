import type { DefaultValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { secureChannelRequestSchema, type SecureChannelRequestInput } from '@contract/secure-channel';

export type SecureChannelOutput = z.output<typeof secureChannelRequestSchema>;

/** Every field of the request: the API's 400 issues name one of them in `path`. */
export const SECURE_CHANNEL_FIELD_NAMES = Object.keys(
  secureChannelRequestSchema.shape,
) as Path<SecureChannelRequestInput>[];

/**
 * An empty form. The four choices start unset on purpose: none has a natural default, and a clearance or
 * classification picked for the person would be a claim they never made.
 */
export const secureChannelDefaults: DefaultValues<SecureChannelRequestInput> = {
  fullName: '',
  email: '',
  phone: '',
  organization: '',
  accessPurpose: '',
  operationalNeed: '',
  referenceContact: '',
  emergencyContact: '',
  complianceRequirements: '',
};

/** The checked values as the API takes them: optional texts left empty are not sent. */
export function toSecureChannelRequest(values: SecureChannelOutput): SecureChannelRequestInput {
  const request: SecureChannelRequestInput = { ...values };
  if (!request.organization) delete request.organization;
  if (!request.complianceRequirements) delete request.complianceRequirements;
  return request;
}
