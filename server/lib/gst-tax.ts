import type { GstRate } from '../../contract/gst.js';

/**
 * GST inside a tax-inclusive amount, in paise (decision 038). Catalogue prices include the tax, so a line's gross
 * amount (unit price x quantity) is fixed and the tax is taken out of it: the taxable value and the tax always add up
 * to the gross to the paisa, and so the lines of an order add up to its total exactly.
 *
 * Within the seller's state the tax is CGST and SGST at half the rate each; the half is rounded once and used twice,
 * so the two are always equal and the paisa a rounding leaves goes to the taxable value. Between states it is IGST at
 * the whole rate. Rounding is half up, on integers (BigInt), never on floats.
 */
export interface TaxSplit {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** The rate in hundredths of a percent (basis points): 18 -> 1800, 0.25 -> 25. */
export function rateBasisPoints(rate: GstRate | string): number {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(rate);
  if (!match) throw new Error(`not a GST rate: ${rate}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** numerator / denominator rounded half up, for non-negative integers. */
function divideRounded(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** The tax inside `grossMinor` paise at `rate`, split as CGST + SGST (`intraState`) or IGST. */
export function splitInclusive(grossMinor: number, rate: GstRate | string, intraState: boolean): TaxSplit {
  if (!Number.isSafeInteger(grossMinor) || grossMinor < 0)
    throw new Error(`not an amount in paise: ${grossMinor}`);
  const bp = BigInt(rateBasisPoints(rate));
  const gross = BigInt(grossMinor);
  if (intraState) {
    const half = divideRounded(gross * bp, 2n * (10_000n + bp));
    return { taxable: grossMinor - 2 * half, cgst: half, sgst: half, igst: 0 };
  }
  const igst = divideRounded(gross * bp, 10_000n + bp);
  return { taxable: grossMinor - igst, cgst: 0, sgst: 0, igst };
}

/**
 * The tax of giving back `quantity` of a line's units when `returned` were given back before: the split of what was
 * left before less the split of what is left after. Returns of a line thus add up exactly to the line's own split,
 * whatever the order and size of the returns, and no paisa of tax is credited twice or never.
 */
export function splitOfReturn(
  unitMinor: number,
  lineQuantity: number,
  returned: number,
  quantity: number,
  rate: GstRate | string,
  intraState: boolean,
): TaxSplit {
  const before = splitInclusive(unitMinor * (lineQuantity - returned), rate, intraState);
  const after = splitInclusive(unitMinor * (lineQuantity - returned - quantity), rate, intraState);
  return {
    taxable: before.taxable - after.taxable,
    cgst: before.cgst - after.cgst,
    sgst: before.sgst - after.sgst,
    igst: before.igst - after.igst,
  };
}
