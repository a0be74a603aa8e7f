import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GST_RATES,
  gstinCheckCharacter,
  gstinProblem,
  isValidGstin,
  stateByName,
} from '../../contract/gst.js';
import { indianNumberInWords, rupeesInWords } from './amount-in-words.js';
import { splitInclusive, splitOfReturn } from './gst-tax.js';

describe('GST in a tax-inclusive amount', () => {
  it.each([
    // gross paise, rate, intra-state, expected split
    [11800, '18', true, { taxable: 10000, cgst: 900, sgst: 900, igst: 0 }],
    [11800, '18', false, { taxable: 10000, cgst: 0, sgst: 0, igst: 1800 }],
    [3699900, '18', true, { taxable: 3135508, cgst: 282196, sgst: 282196, igst: 0 }],
    [3699900, '18', false, { taxable: 3135508, cgst: 0, sgst: 0, igst: 564392 }],
    [249900, '5', true, { taxable: 238000, cgst: 5950, sgst: 5950, igst: 0 }],
    [100, '5', true, { taxable: 96, cgst: 2, sgst: 2, igst: 0 }],
    [100, '0.25', false, { taxable: 100, cgst: 0, sgst: 0, igst: 0 }],
    [1, '28', true, { taxable: 1, cgst: 0, sgst: 0, igst: 0 }],
    [1, '40', false, { taxable: 1, cgst: 0, sgst: 0, igst: 0 }],
    [50000, '0', true, { taxable: 50000, cgst: 0, sgst: 0, igst: 0 }],
    [10300, '3', false, { taxable: 10000, cgst: 0, sgst: 0, igst: 300 }],
  ] as const)('splits %i paise at %s%% (intra-state %s)', (gross, rate, intra, expected) => {
    expect(splitInclusive(gross, rate, intra)).toEqual(expected);
  });

  it('always adds up to the gross, with CGST equal to SGST, and lines add up to the order total', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unit: fc.integer({ min: 1, max: 100_000_000 }),
            quantity: fc.integer({ min: 1, max: 50 }),
            rate: fc.constantFrom(...GST_RATES),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.boolean(),
        (lines, intra) => {
          let total = 0;
          let parts = 0;
          for (const line of lines) {
            const gross = line.unit * line.quantity;
            const split = splitInclusive(gross, line.rate, intra);
            expect(split.taxable + split.cgst + split.sgst + split.igst).toBe(gross);
            expect(split.cgst).toBe(split.sgst);
            if (intra) expect(split.igst).toBe(0);
            else expect(split.cgst + split.sgst).toBe(0);
            expect(split.taxable).toBeGreaterThanOrEqual(0);
            // The tax is the rate of the taxable value, within the paisa (per half) that rounding moves between them.
            const tax = split.cgst + split.sgst + split.igst;
            const slack = (intra ? 1 : 0.5) * (1 + Number(line.rate) / 100) + 1e-6;
            expect(Math.abs(tax - (split.taxable * Number(line.rate)) / 100)).toBeLessThanOrEqual(slack);
            total += gross;
            parts += split.taxable + tax;
          }
          expect(parts).toBe(total);
        },
      ),
    );
  });

  it('credits returns that add up to the line exactly, whatever their order and size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom(...GST_RATES),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 20 }),
        (unit, quantity, rate, intra, chunks) => {
          const whole = splitInclusive(unit * quantity, rate, intra);
          const sum = { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
          let returned = 0;
          for (const chunk of chunks) {
            const take = Math.min(chunk, quantity - returned);
            if (take === 0) break;
            const part = splitOfReturn(unit, quantity, returned, take, rate, intra);
            expect(part.cgst).toBe(part.sgst);
            expect(part.taxable + part.cgst + part.sgst + part.igst).toBe(unit * take);
            sum.taxable += part.taxable;
            sum.cgst += part.cgst;
            sum.sgst += part.sgst;
            sum.igst += part.igst;
            returned += take;
          }
          if (returned === quantity) expect(sum).toEqual(whole);
        },
      ),
    );
  });
});

describe('GSTIN', () => {
  it('accepts a GSTIN whose check character matches and refuses one that does not', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27aapfu0939f1zv')).toBe(true);
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('The GSTIN check character does not match');
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('99AAPFU0939F1ZV')).toBe('The GSTIN does not start with a state code');
    expect(gstinCheckCharacter('29AAICI4821K1Z')).toBe('8');
  });

  it('finds every single-character typo', () => {
    const valid = '27AAPFU0939F1ZV';
    const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (let i = 0; i < 14; i += 1) {
      for (const c of chars) {
        if (c === valid[i]) continue;
        const typo = valid.slice(0, i) + c + valid.slice(i + 1);
        expect(gstinCheckCharacter(typo.slice(0, 14))).not.toBe('V');
      }
    }
  });

  it('names states and union territories as buyers type them', () => {
    expect(stateByName('karnataka')?.code).toBe('29');
    expect(stateByName('  Andaman & Nicobar Islands ')?.code).toBe('35');
    expect(stateByName('Atlantis')).toBeNull();
  });
});

describe('amounts in words, Indian system', () => {
  it.each([
    [0, 'Zero'],
    [15, 'Fifteen'],
    [100_000, 'One Lakh'],
    [1_234_567, 'Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven'],
    [123_456_789, 'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine'],
  ])('%i', (n, words) => expect(indianNumberInWords(n)).toBe(words));

  it('writes rupees and paise', () => {
    expect(rupeesInWords(8_299_800)).toBe('Rupees Eighty Two Thousand Nine Hundred Ninety Eight Only');
    expect(rupeesInWords(3_135_508)).toBe(
      'Rupees Thirty One Thousand Three Hundred Fifty Five and Eight Paise Only',
    );
  });
});
