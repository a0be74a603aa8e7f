import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { TtlCache } from '../lib/ttl-cache.js';

/** Distinct query strings a route remembers the validation of (the oldest first out). */
const QUERIES_PER_ROUTE = 256;

type Validation = { value?: unknown; error?: Error };

/**
 * Remembers each route's successful query string validations, keyed by the parsed query's JSON: the public lists
 * are asked the same few query strings over and over, and checking and coercing them again cost the cached product
 * list about a twentieth of its answer (issue 33). A query string's schema is a pure function of its text (strings
 * in, coerced values and defaults out; no clock, no database), so the memo answers exactly what the schema would.
 * Refusals are not remembered: they are rare and keep their fresh error. Each request gets its own copy of the
 * value's top level, so a handler that changes its `request.query` changes nobody else's. Bodies and other parts are validated
 * every time.
 */
export function memoizeQueryStrings(compile: FastifySchemaCompiler<ZodType>): FastifySchemaCompiler<ZodType> {
  return (route) => {
    const validate = compile(route);
    if (route.httpPart !== 'querystring') return validate;
    const memo = new TtlCache<string, Record<string, unknown>>(Infinity, QUERIES_PER_ROUTE);
    return (data: unknown) => {
      const key = JSON.stringify(data);
      const known = memo.get(key);
      if (known) return { value: { ...known } };
      // The zod compiler always answers synchronously with `{ value }` or `{ error }`.
      const result = validate(data) as Validation;
      if (!result.error && result.value && typeof result.value === 'object' && !Array.isArray(result.value)) {
        const value = result.value as Record<string, unknown>;
        memo.set(key, value);
        return { value: { ...value } };
      }
      return result;
    };
  };
}
