import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { memoizedQuerystringParser, memoizeQueryStrings, queryKey } from './query-memo.js';

const schema = z.object({
  category: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});

/** A validator as Fastify compiles it for `httpPart`, counting how often the schema itself runs. */
function compile(httpPart: string) {
  let runs = 0;
  const counted = z.preprocess((input) => {
    runs += 1;
    return input;
  }, schema);
  const validate = memoizeQueryStrings(validatorCompiler)({
    schema: counted,
    httpPart,
    method: 'GET',
    url: '/x',
  } as FastifyRouteSchemaDef<ZodType>) as (data: unknown) => {
    value?: Record<string, unknown>;
    error?: unknown;
  };
  return { validate, runs: () => runs };
}

describe('query strings parsed and validated once per distinct query (issue 33)', () => {
  it('hands out the same frozen parse for the same query string', () => {
    const parse = memoizedQuerystringParser();
    const first = parse('category=secure-devices&limit=12&tag=a&tag=b');
    expect(first).toEqual({ category: 'secure-devices', limit: '12', tag: ['a', 'b'] });
    expect(parse('category=secure-devices&limit=12&tag=a&tag=b')).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.tag)).toBe(true);
    expect(parse('')).toEqual({});
    expect(parse('limit=3')).not.toBe(first);
  });

  it('answers a repeated query from the memo, with the value the schema gives', () => {
    const parse = memoizedQuerystringParser();
    const { validate, runs } = compile('querystring');
    const first = validate(parse('category=secure-devices&limit=12'));
    const second = validate(parse('category=secure-devices&limit=12'));
    expect(first.value).toEqual({ category: 'secure-devices', limit: 12 });
    expect(second.value).toBe(first.value);
    expect(runs()).toBe(1);
    // A different query is its own entry.
    expect(validate(parse('limit=3')).value).toEqual({ limit: 3 });
    expect(runs()).toBe(2);
  });

  it('hands out a remembered value frozen, so no handler can change what the next request gets', () => {
    const parse = memoizedQuerystringParser();
    const { validate } = compile('querystring');
    const value = validate(parse('limit=5')).value!;
    expect(() => {
      value.limit = 99;
    }).toThrow(TypeError);
    expect(validate(parse('limit=5')).value).toEqual({ limit: 5 });
  });

  it('keys a remembered value by its JSON, made once, and any other query by its JSON too', () => {
    const parse = memoizedQuerystringParser();
    const { validate } = compile('querystring');
    const value = validate(parse('limit=5&category=x')).value!;
    expect(queryKey(value)).toBe(JSON.stringify(value));
    expect(queryKey({ limit: 5 })).toBe('{"limit":5}');
  });

  it('validates a query it was not handed by the parser every time, and keeps no copy of it', () => {
    const { validate, runs } = compile('querystring');
    expect(validate({ limit: '7' }).value).toEqual({ limit: 7 });
    expect(validate({ limit: '7' }).value).toEqual({ limit: 7 });
    expect(runs()).toBe(2);
  });

  it('does not remember refusals: each gets its fresh error', () => {
    const parse = memoizedQuerystringParser();
    const { validate, runs } = compile('querystring');
    expect(validate(parse('limit=0')).error).toBeDefined();
    expect(validate(parse('limit=0')).error).toBeDefined();
    expect(runs()).toBe(2);
  });

  it('validates bodies every time', () => {
    const { validate, runs } = compile('body');
    validate(Object.freeze({ limit: 2 }));
    validate(Object.freeze({ limit: 2 }));
    expect(runs()).toBe(2);
  });
});
