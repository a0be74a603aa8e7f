import { config } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';
import { makeZodJitless } from '@/lib/zod-csp';

describe('makeZodJitless', () => {
  it('sets the jitless option zod itself reads', () => {
    makeZodJitless();
    expect(config().jitless).toBe(true);
  });
});
