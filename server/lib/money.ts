/**
 * Money as integer minor units (paise, cents) for arithmetic, decimal strings at the edges: numeric(12,2) columns
 * read as strings, and floats would turn 0.1 + 0.2 into 0.30000000000000004.
 */
export function toMinor(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a money amount: ${amount}`);
  const [, sign, units, fraction = ''] = match;
  const minor = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -minor : minor;
}

export function fromMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
