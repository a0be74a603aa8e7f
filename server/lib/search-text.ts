/**
 * Search words become a prefix query (`therm mono` -> `therm:* & mono:*`) for a tsvector. Only letters and digits
 * pass, so user input can never be tsquery syntax. Undefined when nothing searchable is left.
 */
export function toPrefixQuery(text: string | undefined): string | undefined {
  const words = searchWords(text);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}

/** The words of search text: lower case, letters and digits only, at most 8. */
export function searchWords(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}
