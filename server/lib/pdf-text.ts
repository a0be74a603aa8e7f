import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * Text in PDFs (pdfkit) in any language our users write in. The standard PDF fonts draw Windows-1252 only, so every
 * PDF embeds Noto Sans from the npm package `@expo-google-fonts/noto-sans` instead (design 12.1): one family with
 * Latin and its diacritics, Greek, Cyrillic, Devanagari and the rupee sign, so nothing is fetched at run time and
 * one font serves every run. pdfkit embeds only the glyphs a document uses.
 */
const require = createRequire(import.meta.url);
const fontFile = (style: string) =>
  require.resolve(`@expo-google-fonts/noto-sans/${style}/NotoSans_${style}.ttf`);

/** The names `registerUnicodeFonts` gives, for `doc.font(...)`. */
export const FONT = { regular: 'Sans', bold: 'Sans-Bold', italic: 'Sans-Italic' } as const;

export const FONT_FILES = {
  [FONT.regular]: fontFile('400Regular'),
  [FONT.bold]: fontFile('700Bold'),
  [FONT.italic]: fontFile('400Regular_Italic'),
} as const;

let opened: [name: string, font: fontkit.Font][] | null = null;

/**
 * Registers the fonts under `FONT`'s names. They are read once a process (they never change, so apps in one
 * process may share them): a font read anew for each document parsed its layout tables again at its first line of
 * text, 0.5 s for a report instead of 0.05.
 */
export function registerUnicodeFonts(doc: PDFKit.PDFDocument): void {
  opened ??= Object.entries(FONT_FILES).map(([name, file]) => [name, fontkit.openSync(file) as fontkit.Font]);
  // pdfkit takes an opened font as well as a file (its typings know only the file).
  for (const [name, font] of opened) doc.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
}

/**
 * The code points Noto Sans draws (its Coptic letters, Devanagari Extended and Vedic marks aside), checked against
 * the font files by this file's test. Anything else prints as '?', which at least shows that something was there: a
 * glyph the font lacks would print as an empty box, or as nothing.
 */
const DRAWN: readonly (readonly [first: number, last: number])[] = [
  [0x0a, 0x0a], // line feed, which pdfkit turns into a line break
  [0x20, 0x7e], // ASCII
  [0xa0, 0x03e1], // Latin-1, Latin Extended-A and -B, IPA, spacing and combining marks, Greek
  [0x03f0, 0x052f], // Greek's last letters, Cyrillic
  [0x0900, 0x097f], // Devanagari
  [0x1e00, 0x1eff], // Latin Extended Additional (Vietnamese among others)
  [0x2000, 0x206f], // general punctuation: dashes, quotes, ellipsis, joiners
  [0x20a0, 0x20bf], // currency signs, the rupee's (U+20B9) among them
  [0x2100, 0x214f], // letterlike symbols (numero, trade mark)
  [0x2c60, 0x2c7f], // Latin Extended-C
  [0xa720, 0xa7ca], // Latin Extended-D
];

const drawn = (codePoint: number) => DRAWN.some(([first, last]) => codePoint >= first && codePoint <= last);

/** `text` as the font can print it: composed (NFC), `\n` line ends, tabs as spaces, '?' for what it lacks. */
export function printable(text: string): string {
  return [...text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, '    ')]
    .map((char) => (drawn(char.codePointAt(0)!) ? char : '?'))
    .join('');
}

const DEVANAGARI = /[\u0900-\u097f]/u;
/** Spaces, digits, punctuation and combining marks belong to the script of the text around them. */
const NEUTRAL = /[\s\p{N}\p{P}\p{S}\p{M}\p{Cf}]/u;

/**
 * `text` cut where its script changes between Devanagari and the rest, neutral characters staying with the run they
 * are in. fontkit shapes a whole string by the first script it finds, so Devanagari after a Latin word would keep
 * its logical order (a short i after its consonant, no reph) unless it is laid out as a run of its own.
 */
export function scriptRuns(text: string): string[] {
  const runs: string[] = [];
  let run = '';
  let script: 'devanagari' | 'other' | null = null;
  for (const char of text) {
    const next = DEVANAGARI.test(char) ? 'devanagari' : NEUTRAL.test(char) ? null : 'other';
    if (next && script && next !== script) {
      runs.push(run);
      run = '';
    }
    if (next) script = next;
    run += char;
  }
  if (run || runs.length === 0) runs.push(run);
  return runs;
}

/**
 * `doc.text(...)` for text in any script: printable, and written as one run per script, chained with pdfkit's
 * `continued` so that wrapping and alignment treat it as one paragraph.
 */
export function writeText(
  doc: PDFKit.PDFDocument,
  text: string,
  x?: number,
  y?: number,
  options: PDFKit.Mixins.TextOptions = {},
): PDFKit.PDFDocument {
  const runs = scriptRuns(printable(text));
  runs.forEach((run, index) => {
    const last = index === runs.length - 1;
    const runOptions = { ...options, continued: last ? (options.continued ?? false) : true };
    // pdfkit takes an undefined x for "options in x's place" and would drop them: a position goes separately.
    if (index === 0) {
      if (x !== undefined) doc.x = x;
      if (y !== undefined) doc.y = y;
    }
    doc.text(run, runOptions);
  });
  return doc;
}
