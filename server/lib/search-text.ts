/**
 * Search words become a prefix query (`therm mono` -> `therm:* & mono:*`) for a tsvector. Only letters and digits
 * pass, so user input can never be tsquery syntax. Undefined when nothing searchable is left.
 */
export function toPrefixQuery(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}
