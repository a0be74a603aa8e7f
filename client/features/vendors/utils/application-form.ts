import type { DefaultValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import type { User } from '@contract/auth';
import { vendorApplicationRequestSchema, type VendorApplicationRequest } from '@contract/vendors';

export type ApplicationOutput = z.output<typeof vendorApplicationRequestSchema>;

/** Every field of the request: the API's 400 issues name one of them in `path`. */
export const APPLICATION_FIELD_NAMES = Object.keys(
  vendorApplicationRequestSchema.shape,
) as Path<VendorApplicationRequest>[];

/**
 * What the certification input adds: 'ISO 9001, ITAR; ISO 27001' -> ['ISO 9001', 'ITAR', 'ISO 27001'] (commas,
 * semicolons or new lines), leaving out blanks and anything already in `existing` (case does not matter).
 */
export function splitCertifications(text: string, existing: readonly string[] = []): string[] {
  const taken = new Set(existing.map((item) => item.toLowerCase()));
  const added: string[] = [];
  for (const part of text.split(/[,;\n]/)) {
    const item = part.trim();
    if (item === '' || taken.has(item.toLowerCase())) continue;
    taken.add(item.toLowerCase());
    added.push(item);
  }
  return added;
}

/** Empty fields, except the contact email we already know; no business type until the person picks one. */
export function applicationDefaults(
  user: Pick<User, 'email'> | null,
): DefaultValues<VendorApplicationRequest> {
  return {
    companyName: '',
    contactEmail: user?.email ?? '',
    phone: '',
    description: '',
    certifications: [],
  };
}
