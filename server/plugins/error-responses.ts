import { z } from 'zod';
import { errorBodySchema } from '../../contract/errors.js';

/**
 * The error responses a route declares, each with the error body the error handler sends (plugins/errors.ts):
 * `response: { 200: thingSchema, ...errors(400, 401, 404) }`.
 */
export function errors<const Statuses extends readonly number[]>(
  ...statuses: Statuses
): { [Status in Statuses[number]]: typeof errorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as {
    [Status in Statuses[number]]: typeof errorBodySchema;
  };
}

/** The answer of a full-page navigation: a 302 without a body, its destination described for the API document. */
export function redirects(description: string): { 302: z.ZodNull } {
  return { 302: z.null().describe(description) };
}
