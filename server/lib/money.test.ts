import { describe, expect, it } from 'vitest';
import { fromMinor, toMinor } from './money.js';

describe('money', () => {
  it('converts decimal strings to minor units and back without float error', () => {
    expect(toMinor('45999.00')).toBe(4_599_900);
    expect(toMinor('0.1') + toMinor('0.2')).toBe(toMinor('0.3'));
    expect(toMinor('7')).toBe(700);
    expect(fromMinor(toMinor('18499.5') * 3)).toBe('55498.50');
    expect(fromMinor(-5)).toBe('-0.05');
    expect(() => toMinor('12.345')).toThrow();
  });
});
