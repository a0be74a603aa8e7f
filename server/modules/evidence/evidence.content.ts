import { StringDecoder } from 'node:string_decoder';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { fileTypeFromStream } from 'file-type';
import {
  EVIDENCE_CONTENT_TYPES,
  EVIDENCE_NAME_MAX,
  type EvidenceContentType,
} from '../../../contract/evidence.js';

const ALLOWED = new Set<string>(EVIDENCE_CONTENT_TYPES);

/** Control characters (C0, DEL, C1), direction overrides and isolates, and the characters Windows refuses. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"|?*]/g;

/**
 * The name a file is kept and downloaded under: the last segment of whatever path the client sent (`../../x`,
 * `C:\\x`), without control or direction characters, leading dots (no hidden or `..` names) or runs of spaces, at
 * most EVIDENCE_NAME_MAX characters with the extension kept. Empty afterwards: `file`.
 */
export function sanitizeFileName(raw: string | undefined): string {
  const base = (raw ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = base
    .replace(UNSAFE, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (name.length > EVIDENCE_NAME_MAX) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 12 ? name.slice(dot) : '';
    name = name.slice(0, EVIDENCE_NAME_MAX - extension.length).trimEnd() + extension;
  }
  return name || 'file';
}

/**
 * Whether every byte of `source` is UTF-8 text: valid UTF-8 (a BOM allowed), no NUL and no control characters
 * but tab, line feed, form feed and carriage return. Reads the whole stream (a binary file with a text-looking
 * start is refused).
 */
export async function isPlainText(source: Readable): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const text = decoder.decode(chunk, { stream: true });
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  } finally {
    source.destroy();
  }
}

/** A first line that splits into at least two fields on commas or semicolons, as a CSV header does. */
function looksLikeCsv(head: Buffer): boolean {
  const firstLine = new StringDecoder('utf8').write(head).split(/\r?\n/, 1)[0] ?? '';
  return /^[^,;]*([,;][^,;]*)+$/.test(firstLine.trim());
}

/**
 * The file's type from its content: the magic bytes when it has some (file-type), otherwise text when
 * `readAll` is text throughout (`text/csv` when the name says .csv and the first line looks like a header,
 * `text/plain` otherwise). Null when the type is not allowed. The name never makes a binary file acceptable.
 */
export async function sniffContentType(
  head: Buffer,
  readAll: () => Readable,
  name: string,
): Promise<EvidenceContentType | null> {
  // From the stream rather than the head: Office files are zip archives told apart by entries further in.
  const stream = readAll();
  const detected = await fileTypeFromStream(Readable.toWeb(stream) as ReadableStream<Uint8Array>).finally(
    () => stream.destroy(),
  );
  if (detected) return ALLOWED.has(detected.mime) ? (detected.mime as EvidenceContentType) : null;
  if (!(await isPlainText(readAll()))) return null;
  return /\.csv$/i.test(name) && looksLikeCsv(head) ? 'text/csv' : 'text/plain';
}

/**
 * `Content-Disposition: attachment` for `name` (RFC 6266): an ASCII `filename` fallback for old clients and the
 * exact name in `filename*` (RFC 8187, UTF-8, percent-encoded).
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
