import type { FastifySchemaCompiler } from 'fastify';
import querystring from 'fast-querystring';
import type { ZodType } from 'zod';
import { TtlCache } from '../lib/ttl-cache.js';

/** Distinct query strings an app remembers the parse of (the oldest first out). */
const PARSED_QUERIES = 512;

type Validation = { value?: unknown; error?: Error };
type Query = Record<string, unknown>;

/**
 * The app's query string parser (Fastify's `routerOptions.querystringParser`): the parse of each query string it has
 * lately seen, kept frozen and handed out again, so that a repeated query string is neither parsed nor validated
 * again (`memoizeQueryStrings` knows a parse it has validated by its identity). The public lists are asked the same
 * few query strings over and over; parsing one, serialising it as a memo's key and again as the listing's key cost
 * the cached product list about 4 us of its 118 us an answer, profiled on a slow machine (issue 33). Bounded, so no
 * client can grow it; frozen, so no request can change what the next one is handed (a hook that tried would throw).
 */
export function memoizedQuerystringParser(): (text: string) => Query {
  const parsed = new TtlCache<string, Query>(Infinity, PARSED_QUERIES);
  return (text) => {
    let query = parsed.get(text);
    if (query === undefined) {
      query = frozen(text.length === 0 ? {} : (querystring.parse(text) as Query));
      parsed.set(text, query);
    }
    return query;
  };
}

/** A query and the arrays or objects of its fields (a repeated key's values), frozen. */
function frozen<T extends Query>(query: T): Readonly<T> {
  for (const value of Object.values(query))
    if (typeof value === 'object' && value !== null) Object.freeze(value);
  return Object.freeze(query);
}

/** The JSON of each remembered query value (`queryKey`), made once; weak, so it goes with the value. */
const rememberedKeys = new WeakMap<object, string>();

/**
 * A validated query's JSON, to key what is cached by query (the product lists): made once per distinct query string
 * by `memoizeQueryStrings`, and serialised here for a query it did not validate.
 */
export function queryKey(query: object): string {
  return rememberedKeys.get(query) ?? JSON.stringify(query);
}

/**
 * Remembers each route's successful validations of the query strings `memoizedQuerystringParser` handed out, by the
 * parse's identity: a query string's schema is a pure function of its text (strings in, coerced values and defaults
 * out; no clock, no database), so the memo answers exactly what the schema would. Refusals are not remembered: they
 * are rare and keep their fresh error. A remembered value is frozen, its JSON kept for `queryKey`: every
 * request of that query string is handed the same value, which no handler can change for the next (it would throw).
 * Bodies and other parts are validated every time.
 */
export function memoizeQueryStrings(compile: FastifySchemaCompiler<ZodType>): FastifySchemaCompiler<ZodType> {
  return (route) => {
    const validate = compile(route);
    if (route.httpPart !== 'querystring') return validate;
    // Weak: an entry goes with the parse it belongs to, once the parser has let it go.
    const memo = new WeakMap<object, Query>();
    return (data: unknown) => {
      const remembered = typeof data === 'object' && data !== null && Object.isFrozen(data);
      const known = remembered ? memo.get(data) : undefined;
      if (known) return { value: known };
      // The zod compiler always answers synchronously with `{ value }` or `{ error }`.
      const result = validate(data) as Validation;
      if (!remembered || result.error || !isQuery(result.value)) return result;
      const value = frozen(result.value);
      rememberedKeys.set(value, JSON.stringify(value));
      memo.set(data, value);
      return { value };
    };
  };
}

function isQuery(value: unknown): value is Query {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
