/**
 * The numbers typed into the data points box: separated by commas, semicolons, spaces or new lines. Anything that
 * is not a number comes back as `invalid`, so the form can name it instead of dropping it.
 */
export function parseDataPoints(text: string): { values: number[]; invalid: string | null } {
  const tokens = text.split(/[\s,;]+/).filter(Boolean);
  const values: number[] = [];
  for (const token of tokens) {
    const value = Number(token);
    if (!Number.isFinite(value)) return { values, invalid: token };
    values.push(value);
  }
  return { values, invalid: null };
}
