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

/** What the word list (`search_words`) knows of one typed word. */
export interface WordForms {
  /** The lexemes the word begins (at most MAX_EXPANSIONS + 1 are looked up). */
  expansions: string[];
  /** Words of names within a few edits of the typed word (typos). */
  corrections: string[];
}

/** A typed beginning of more lexemes than this stays a prefix search (`word:*`). */
export const MAX_EXPANSIONS = 50;

/** A lexeme in the input form of the `tsquery` type (quoted, so it is never syntax), with an optional label. */
function lexeme(text: string, label = ''): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${label}`;
}

/** A word of digits only: never looked up in the word list, which leaves them out, nor corrected. */
export function isBareNumber(word: string): boolean {
  return /^\p{N}+$/u.test(word);
}

/** Bare numbers are not in the word list (a catalogue has as many as products), nor are very broad beginnings. */
function staysPrefix(word: string, forms: WordForms): boolean {
  return isBareNumber(word) || forms.expansions.length > MAX_EXPANSIONS;
}

/**
 * The full-text query (input form of `tsquery`) for the typed words: each word stands for the whole lexemes it
 * begins, so the GIN index looks up whole lexemes (a prefix range scan was most of a search's cost at scale). The
 * same rows match as with `word:*`. Null when a word begins no lexeme at all, since then nothing can match.
 */
export function fullTextQuery(words: string[], forms: WordForms[]): string | null {
  const terms: string[] = [];
  for (const [i, word] of words.entries()) {
    const found = forms[i] ?? { expansions: [], corrections: [] };
    if (staysPrefix(word, found)) terms.push(lexeme(word, ':*'));
    else if (found.expansions.length === 0) return null;
    else terms.push(`(${found.expansions.map((l) => lexeme(l)).join(' | ')})`);
  }
  return terms.length ? terms.join(' & ') : null;
}

/** The typo fallback's queries; see typoQueries. */
export interface TypoQueries {
  /** Every typed word found (as typed or corrected), or null when some word was found in no form. */
  all: string | null;
  /** Any typed word found. */
  any: string;
  /** One query a word found, to count how many of the typed words a name has. */
  each: string[];
  /** How many words were typed. */
  words: number;
}

/**
 * The typo fallback (decision 015): each typed word stands for the lexemes it begins or a name word within a few
 * edits of it, in names and titles only (weight A). Null when no typed word is found in any form.
 */
export function typoQueries(words: string[], forms: WordForms[]): TypoQueries | null {
  const groups: string[] = [];
  for (const [i, word] of words.entries()) {
    const found = forms[i] ?? { expansions: [], corrections: [] };
    const alternatives = [
      ...(staysPrefix(word, found) ? [lexeme(word, ':*A')] : found.expansions.map((l) => lexeme(l, ':A'))),
      ...found.corrections.map((l) => lexeme(l, ':A')),
    ];
    if (alternatives.length > 0) groups.push(`(${alternatives.join(' | ')})`);
  }
  if (groups.length === 0) return null;
  return {
    all: groups.length === words.length ? groups.join(' & ') : null,
    any: groups.join(' | '),
    each: groups,
    words: words.length,
  };
}
