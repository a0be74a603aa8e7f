import { describe, expect, it } from 'vitest';
import { fullTextQuery, MAX_EXPANSIONS, searchWords, toPrefixQuery, typoQueries } from './search-text.js';

const forms = (expansions: string[], corrections: string[] = []) => ({ expansions, corrections });

describe('search text', () => {
  it('splits typed text into at most 8 lower-case words of letters and digits', () => {
    expect(searchWords("Thermal  mono-cular! 'x' &|")).toEqual(['thermal', 'mono', 'cular', 'x']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(toPrefixQuery('Therm mono')).toBe('therm:* & mono:*');
  });

  it('looks a beginning up as the whole lexemes it begins, quoted, and a bare number as a prefix', () => {
    expect(fullTextQuery(['therm', '35'], [forms(['thermal', 'thermo']), forms([])])).toBe(
      "('thermal' | 'thermo') & '35':*",
    );
    // Lexemes are quoted, so none is ever tsquery syntax.
    expect(fullTextQuery(['kr1'], [forms(['kr1/sp1', "o'neil\\"])])).toBe("('kr1/sp1' | 'o''neil\\\\')");
    // A word that begins no lexeme leaves nothing to find; a very broad one stays a prefix.
    expect(fullTextQuery(['therm', 'zzzz'], [forms(['thermal']), forms([])])).toBeNull();
    const many = Array.from({ length: MAX_EXPANSIONS + 1 }, (_, i) => `pro${i}x`);
    expect(fullTextQuery(['pro'], [forms(many)])).toBe("'pro':*");
  });

  it('lets a typed word stand for its lexemes or its corrections in names, and needs every word for `all`', () => {
    const typo = typoQueries(['themral', 'imaging'], [forms([], ['thermal']), forms(['imaging'])]);
    expect(typo).toEqual({
      all: "('thermal':A) & ('imaging':A)",
      any: "('thermal':A) | ('imaging':A)",
      each: ["('thermal':A)", "('imaging':A)"],
      words: 2,
    });
    const half = typoQueries(['thermal', 'zzzz'], [forms(['thermal']), forms([])]);
    expect(half).toMatchObject({ all: null, any: "('thermal':A)", words: 2 });
    expect(typoQueries(['zqxv'], [forms([])])).toBeNull();
  });
});
