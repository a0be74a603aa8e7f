/** What every analyzer returns: its structured results and how far to trust them (0 to 1). */
export interface AnalyzerOutcome<T> {
  confidence: number;
  results: T;
}

/**
 * An analyzer's refusal of its input, with a message safe to show the analysis's owner. Anything else an analyzer
 * throws is a bug, and its owner sees a generic reason instead.
 */
export class AnalyzerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalyzerError';
  }
}

/**
 * Ten significant digits: enough for any figure shown, and it hides the last-bit noise of floating point so the
 * stored results read cleanly (the same input still gives the same output, bit for bit).
 */
export function round(value: number): number {
  if (!Number.isFinite(value)) throw new AnalyzerError('The input produced a number too large to report');
  const rounded = Number(value.toPrecision(10));
  return rounded === 0 ? 0 : rounded;
}

export const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** Confidence as stored: within [0, 1], to three decimals. */
export const confidenceOf = (value: number) => Math.round(clamp01(value) * 1000) / 1000;
