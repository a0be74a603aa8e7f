import { z } from 'zod';

/*
 * The TAXII 2.1 feed (OASIS TAXII 2.1; design 11.4, decision 016): one API root with one collection, the threat
 * intelligence a caller may read, as STIX 2.1 objects. Clients authenticate with an API key.
 */

/** Every TAXII request and answer: discovery, API root, collections, envelopes, manifests, status, errors. */
export const TAXII_MEDIA_TYPE = 'application/taxii+json;version=2.1';
/** What each object of the collection is (collections' `media_types`, manifests' `media_type`). */
export const STIX_MEDIA_TYPE = 'application/stix+json;version=2.1';

export const TAXII_DISCOVERY_PATH = '/taxii2/';
export const TAXII_API_ROOT_PATH = '/taxii2/intel/';
/** The one collection: fixed, so a client configured once keeps working. */
export const TAXII_COLLECTION_ID = '28a198df-eae1-45bc-a414-9c057a2f2293';
export const TAXII_COLLECTION_TITLE = 'Threat Intelligence';

/** Objects per page when a client gives no `limit`, and the most one page may hold. */
export const TAXII_DEFAULT_LIMIT = 100;
export const TAXII_MAX_LIMIT = 1_000;

/** The collection's objects address, where TAXII clients are pointed. */
export function taxiiCollectionPath(): string {
  return `${TAXII_API_ROOT_PATH}collections/${TAXII_COLLECTION_ID}/`;
}

/** A TAXII error message (TAXII 2.1 section 3.6.1). */
export const taxiiErrorSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  error_id: z.string().optional(),
  error_code: z.string().optional(),
  http_status: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type TaxiiError = z.infer<typeof taxiiErrorSchema>;

export const taxiiStatusDetailsSchema = z.object({
  id: z.string(),
  version: z.string().optional(),
  message: z.string().optional(),
});

/** The status resource of an add (TAXII 2.1 section 4.3.1). */
export const taxiiStatusSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'complete']),
  request_timestamp: z.string().optional(),
  total_count: z.number().int(),
  success_count: z.number().int(),
  successes: z.array(taxiiStatusDetailsSchema).optional(),
  failure_count: z.number().int(),
  failures: z.array(taxiiStatusDetailsSchema).optional(),
  pending_count: z.number().int(),
  pendings: z.array(taxiiStatusDetailsSchema).optional(),
});
export type TaxiiStatus = z.infer<typeof taxiiStatusSchema>;
