import { describe, expect, it } from 'vitest';
import { securityLevel } from '@/features/dashboard/utils/security-level';

describe('securityLevel', () => {
  it('reads ELEVATED for tier 1 and MAXIMUM from tier 2 up', () => {
    expect(securityLevel(1)).toBe('ELEVATED');
    expect(securityLevel(2)).toBe('MAXIMUM');
    expect(securityLevel(3)).toBe('MAXIMUM');
    expect(securityLevel(4)).toBe('MAXIMUM');
  });
});
