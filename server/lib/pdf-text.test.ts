import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { FONT, FONT_FILES, printable, registerUnicodeFonts, scriptRuns, writeText } from './pdf-text.js';

describe('printable', () => {
  it('keeps Latin with diacritics, Devanagari, Greek, Cyrillic, dashes, quotes and the rupee sign', () => {
    const text = 'Café Müller — “₹1,500” – सुरक्षा जाँच, Łódź, Ærøskøbing, Tiếng Việt, Ελλάδα, Москва €';
    expect(printable(text)).toBe(text);
  });

  it('composes what can be composed, unifies line ends and turns what the font lacks into "?"', () => {
    expect(printable('Cafe\u0301\r\nline\rtab\tend')).toBe('Café\nline\ntab    end');
    expect(printable('中文 ☃ \u0007')).toBe('?? ? ?');
  });

  it('accepts only code points that every embedded style draws', () => {
    const fonts = Object.values(FONT_FILES).map((file) => fontkit.openSync(file) as fontkit.Font);
    const missing: string[] = [];
    for (let codePoint = 0x20; codePoint <= 0xffff; codePoint++) {
      const char = String.fromCodePoint(codePoint);
      if (char === '\n' || !/\p{Assigned}/u.test(char) || printable(char) !== char) continue;
      if (!fonts.every((font) => font.hasGlyphForCodePoint(codePoint))) missing.push(codePoint.toString(16));
    }
    expect(missing).toEqual([]);
  });
});

describe('scriptRuns', () => {
  it('cuts where Devanagari starts or ends, keeping spaces, digits and punctuation with the run they are in', () => {
    expect(scriptRuns('Café Müller — ₹1,500 — सुरक्षा जाँच')).toEqual(['Café Müller — ₹1,500 — ', 'सुरक्षा जाँच']);
    expect(scriptRuns('१२ क्षेत्र, Pune (2026)')).toEqual(['१२ क्षेत्र, ', 'Pune (2026)']);
    expect(scriptRuns('Plain text, 12.')).toEqual(['Plain text, 12.']);
    expect(scriptRuns('')).toEqual(['']);
  });
});

describe('writeText', () => {
  it('writes mixed scripts as one paragraph that reads back as written', async () => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    registerUnicodeFonts(doc);
    doc.font(FONT.regular).fontSize(12);
    const y = doc.y;
    writeText(doc, 'Café Müller — ₹1,500 — सुरक्षा जाँच', 72, y, { width: 400 });
    // One line: the runs continue each other instead of each starting a line.
    expect(doc.y).toBeCloseTo(y + doc.currentLineHeight(true), 0);
    writeText(doc, 'क्षमा — Ñandú', undefined, undefined, { width: 400 });
    doc.end();
    const { text } = await extractText(new Uint8Array(await done), { mergePages: true });
    expect(text).toContain('Café Müller — ₹1,500 — सुरक्षा जाँच');
    // The reader may break a line inside a conjunct's glyphs; the characters are all there, in order.
    expect(text.replace(/\s+/g, '')).toContain('क्षमा—Ñandú');
  });
});
