import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { FONT, registerUnicodeFonts, writeText } from '../../lib/pdf-text.js';

/** One line of a label/value table. */
export type Row = readonly [label: string, value: string];

export interface TimelineEntry {
  at: string;
  title: string;
  author: string | null;
  internal: boolean;
  text: string;
}

export interface FileEntry {
  name: string;
  size: string;
  contentType: string;
  sha256: string;
  uploaded: string;
  removed: string | null;
  internal: boolean;
}

/** An observable of a case as its report lists it, with the intelligence it matched. */
export interface ObservableEntry {
  type: string;
  value: string;
  tlp: string;
  ioc: boolean;
  internal: boolean;
  tags: string[];
  matches: { title: string; severity: string; stixId: string }[];
}

/**
 * Everything a report prints above its footer. Its canonical JSON (keys sorted) is what the footer's SHA-256
 * covers (decision 020), so the same content always has the same hash and any change to it a different one.
 */
export interface ReportContent {
  reportId: string;
  issuedAt: string;
  version: 'client' | 'staff';
  subjectType: 'case' | 'investigation';
  subjectNumber: string;
  heading: string;
  title: string;
  cover: Row[];
  timeline: TimelineEntry[];
  costs: Row[];
  files: FileEntry[];
  /** A case's observables (the client version: no internal ones) and their matches; absent for a request. */
  observables?: ObservableEntry[];
  declarations: { note: string | null; rows: Row[] };
}

/** JSON with object keys sorted at every level: one text per content, whatever order it was built in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function contentSha256(content: ReportContent): string {
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}

const MARGIN = 56;
const INK = '#111827';
const MUTED = '#6b7280';
const ACCENT = '#0f766e';
const WARN = '#b91c1c';

/**
 * Renders the report with pdfkit (no browser) in Noto Sans, embedded, so that a name in any of our users' scripts
 * prints as itself (hashes in Courier: hex only). A4; the cover first, then the timeline, costs, files and
 * declarations; on every page a footer with the report id, the content hash, where to verify it and the page number.
 */
export async function renderPdf(content: ReportContent, hash: string, verifyUrl: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 40, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `${content.heading} ${content.subjectNumber}`,
      Author: 'Intel Portal',
      Subject: `${content.version === 'staff' ? 'Staff' : 'Client'} report ${content.reportId}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerUnicodeFonts(doc);
  const width = doc.page.width - MARGIN * 2;
  /** Writes in the font, size and colour just set, at (x, y) or where the last text ended. */
  const write = (value: string, x?: number, y?: number, options: PDFKit.Mixins.TextOptions = {}) =>
    writeText(doc, value, x, y, options);
  const rows = (items: readonly Row[], labelWidth = 130) => {
    for (const [label, value] of items) {
      const y = doc.y;
      doc.font(FONT.bold).fontSize(10).fillColor(MUTED);
      write(label, MARGIN, y, { width: labelWidth });
      const labelBottom = doc.y;
      doc.font(FONT.regular).fillColor(INK);
      write(value, MARGIN + labelWidth, y, { width: width - labelWidth });
      doc.y = Math.max(doc.y, labelBottom) + 3;
    }
  };
  const section = (title: string) => {
    if (doc.y > doc.page.height - 200) doc.addPage();
    doc.moveDown(1.2);
    doc.font(FONT.bold).fontSize(14).fillColor(ACCENT);
    write(title, MARGIN, doc.y, { width });
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .strokeColor(ACCENT)
      .lineWidth(0.7)
      .stroke();
    doc.moveDown(0.6);
  };
  const empty = (message: string) => {
    doc.font(FONT.italic).fontSize(10).fillColor(MUTED);
    write(message, MARGIN, doc.y, { width });
  };

  // Cover.
  doc.font(FONT.bold).fontSize(11).fillColor(ACCENT).text('INTEL PORTAL', MARGIN, MARGIN, { width });
  doc.moveDown(2.5);
  doc.font(FONT.regular).fontSize(13).fillColor(MUTED);
  write(content.heading, undefined, undefined, { width });
  doc.font(FONT.bold).fontSize(30).fillColor(INK);
  write(content.subjectNumber, undefined, undefined, { width });
  doc.moveDown(0.3);
  doc.font(FONT.regular).fontSize(15).fillColor(INK);
  write(content.title, undefined, undefined, { width });
  doc.moveDown(0.8);
  if (content.version === 'staff') {
    doc
      .font(FONT.bold)
      .fontSize(11)
      .fillColor(WARN)
      .text('STAFF VERSION - contains internal notes and files. Not for the client.', { width });
  } else {
    doc.font(FONT.regular).fontSize(11).fillColor(MUTED).text('Client version', { width });
  }
  doc.moveDown(1.5);
  rows(content.cover);

  section('Timeline');
  if (content.timeline.length === 0) empty('Nothing has happened on this yet.');
  for (const entry of content.timeline) {
    if (doc.y > doc.page.height - 160) doc.addPage();
    const who = entry.author ? ` - ${entry.author}` : '';
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(entry.internal ? WARN : INK);
    write(`${entry.at}  ${entry.title}${who}${entry.internal ? '  [INTERNAL]' : ''}`, MARGIN, doc.y, {
      width,
    });
    if (entry.text) {
      doc.font(FONT.regular).fontSize(10).fillColor(INK);
      write(entry.text, MARGIN + 12, doc.y, { width: width - 12 });
    }
    doc.moveDown(0.5);
  }

  section('Costs');
  rows(content.costs);

  section('Files');
  if (content.files.length === 0) empty('No files are attached.');
  for (const file of content.files) {
    if (doc.y > doc.page.height - 160) doc.addPage();
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(file.internal ? WARN : INK);
    write(
      `${file.name}${file.internal ? '  [INTERNAL]' : ''}${file.removed ? '  (removed)' : ''}`,
      MARGIN,
      doc.y,
      {
        width,
      },
    );
    doc.font(FONT.regular).fontSize(9).fillColor(MUTED);
    write(
      `${file.contentType}, ${file.size}; ${file.uploaded}${file.removed ? `; ${file.removed}` : ''}`,
      undefined,
      undefined,
      {
        width,
      },
    );
    doc.font('Courier').fontSize(8.5).fillColor(INK).text(`SHA-256 ${file.sha256}`, { width });
    doc.moveDown(0.5);
  }

  if (content.observables) {
    section('Observables');
    if (content.observables.length === 0) empty('No observables are recorded.');
    for (const item of content.observables) {
      if (doc.y > doc.page.height - 160) doc.addPage();
      doc
        .font(FONT.bold)
        .fontSize(10)
        .fillColor(item.internal ? WARN : INK);
      write(
        `${item.type}  ${item.value}${item.ioc ? '  [IOC]' : ''}${item.internal ? '  [INTERNAL]' : ''}`,
        MARGIN,
        doc.y,
        { width },
      );
      doc.font(FONT.regular).fontSize(9).fillColor(MUTED);
      write(
        `TLP:${item.tlp.toUpperCase()}${item.tags.length ? `; tags: ${item.tags.join(', ')}` : ''}`,
        undefined,
        undefined,
        {
          width,
        },
      );
      doc.moveDown(0.4);
    }

    section('Intelligence matches');
    const matched = content.observables.filter((item) => item.matches.length);
    if (matched.length === 0) empty('No observable matches the intelligence store.');
    for (const item of matched) {
      if (doc.y > doc.page.height - 160) doc.addPage();
      doc.font(FONT.bold).fontSize(10).fillColor(INK);
      write(`${item.type}  ${item.value}`, MARGIN, doc.y, { width });
      for (const match of item.matches) {
        doc.font(FONT.regular).fontSize(9.5).fillColor(INK);
        write(`${match.severity.toUpperCase()}  ${match.title}`, MARGIN + 12, doc.y, { width: width - 12 });
        doc
          .font('Courier')
          .fontSize(8)
          .fillColor(MUTED)
          .text(match.stixId, MARGIN + 12, doc.y, { width: width - 12 });
      }
      doc.moveDown(0.4);
    }
  }

  section('Declarations');
  if (content.declarations.note) empty(content.declarations.note);
  rows(content.declarations.rows, 200);

  // Footers, once every page exists (so "page n of m" is known).
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.height - MARGIN - 10;
    // Writing inside the bottom margin must not start a new page.
    const savedMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN, bottom - 6)
      .lineTo(MARGIN + width, bottom - 6)
      .strokeColor('#d1d5db')
      .lineWidth(0.5)
      .stroke();
    // Placed by their baselines: Noto Sans stands taller above its top than Courier, so tops would not line up.
    const line = { width, lineBreak: false, baseline: 'alphabetic' } as const;
    doc.font(FONT.regular).fontSize(7.5).fillColor(MUTED);
    write(
      `Report ${content.reportId} - issued ${content.issuedAt} - page ${index - range.start + 1} of ${range.count}`,
      MARGIN,
      bottom + 5.5,
      line,
    );
    doc
      .font('Courier')
      .fontSize(7.5)
      .text(`Content SHA-256 ${hash}`, MARGIN, bottom + 16, line);
    doc.font(FONT.regular).fontSize(7.5);
    write(`Verify: ${verifyUrl}`, MARGIN, bottom + 26.5, line);
    doc.page.margins.bottom = savedMargin;
  }
  doc.end();
  return done;
}
