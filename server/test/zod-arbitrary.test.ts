import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCaseRequestSchema, createCaseUpdateRequestSchema } from '../../contract/cases.js';
import { createOrderRequestSchema } from '../../contract/orders.js';
import { secureChannelRequestSchema } from '../../contract/secure-channel.js';
import { sampleValid, toQueryString, validArbitrary } from './zod-arbitrary.js';

/** Every draw of the arbitrary must parse: the fuzzer's "valid" requests are only as good as this. */
function allValid(schema: z.ZodType, numRuns = 200) {
  fc.assert(
    fc.property(validArbitrary(schema), (value) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(`${JSON.stringify(value)}: ${result.error.message}`);
    }),
    { seed: 7, numRuns },
  );
}

describe('zod schema to fast-check arbitrary', () => {
  it('draws values each kind of schema accepts', () => {
    allValid(z.string().min(3).max(8));
    allValid(z.string().trim().min(5).max(200));
    allValid(z.string().regex(/^[A-Z]{2}-\d{3}$/));
    allValid(z.email());
    allValid(z.url());
    allValid(z.uuid());
    allValid(z.iso.datetime({ offset: true }));
    allValid(z.iso.date());
    allValid(z.number().int().min(-5).max(5));
    allValid(z.number().gt(0).lt(1));
    allValid(z.coerce.number().int().min(1).max(200).default(50));
    allValid(z.boolean());
    allValid(z.enum(['a', 'b', 'c']));
    allValid(z.literal('only'));
    allValid(z.array(z.string().max(3)).min(1).max(4));
    allValid(z.object({ a: z.string().optional(), b: z.number().nullable(), c: z.boolean().default(true) }));
    allValid(z.union([z.string().min(1), z.number()]));
    allValid(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('x'), x: z.string() }),
        z.object({ kind: z.literal('y'), y: z.number().int() }),
      ]),
    );
    allValid(z.record(z.string().max(10), z.number()));
    allValid(
      z
        .union([z.string(), z.number()])
        .transform(String)
        .pipe(z.string().regex(/^\d{1,6}(\.\d{1,2})?$/)),
    );
    allValid(z.preprocess((value) => value, z.string().max(4)));
  });

  it('finds valid requests for the contract’s larger schemas', () => {
    for (const schema of [
      createCaseRequestSchema,
      createCaseUpdateRequestSchema,
      createOrderRequestSchema,
      secureChannelRequestSchema,
    ]) {
      expect(schema.safeParse(sampleValid(schema, 1)).success).toBe(true);
    }
  });

  it('writes query objects as query strings', () => {
    expect(toQueryString({ limit: 20, scope: 'all', skip: undefined, tag: ['a', 'b'] })).toBe(
      '?limit=20&scope=all&tag=a&tag=b',
    );
    expect(toQueryString({})).toBe('');
  });
});
