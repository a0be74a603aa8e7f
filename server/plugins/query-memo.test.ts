import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { memoizeQueryStrings } from './query-memo.js';

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

describe('query strings validated once per distinct query (issue 33)', () => {
  it('answers a repeated query from the memo, with the value the schema gives', () => {
    const { validate, runs } = compile('querystring');
    const first = validate({ category: 'secure-devices', limit: '12' });
    const second = validate({ category: 'secure-devices', limit: '12' });
    expect(first.value).toEqual({ category: 'secure-devices', limit: 12 });
    expect(second.value).toEqual(first.value);
    expect(runs()).toBe(1);
    // A different query is its own entry.
    expect(validate({ limit: '3' }).value).toEqual({ limit: 3 });
    expect(runs()).toBe(2);
  });

  it('hands each request its own copy, so a handler changing its query changes nobody else', () => {
    const { validate } = compile('querystring');
    const first = validate({ limit: '5' }).value!;
    first.limit = 99;
    expect(validate({ limit: '5' }).value).toEqual({ limit: 5 });
  });

  it('does not remember refusals: each gets its fresh error', () => {
    const { validate, runs } = compile('querystring');
    expect(validate({ limit: '0' }).error).toBeDefined();
    expect(validate({ limit: '0' }).error).toBeDefined();
    expect(runs()).toBe(2);
  });

  it('validates bodies every time', () => {
    const { validate, runs } = compile('body');
    validate({ limit: 2 });
    validate({ limit: 2 });
    expect(runs()).toBe(2);
  });
});
