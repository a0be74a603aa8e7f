import { z } from 'zod';

/**
 * Evidence files on cases and investigation requests (design 11.6, issue 22 point 2). What may be attached is
 * decided by the file's content (its magic bytes, or a text check for plain text and CSV, which have none), never by
 * its name or the type the browser claims.
 */
export const EVIDENCE_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/tiff',
  'image/heic',
  'audio/mpeg',
  'audio/wav',
  'audio/mp4',
  'audio/x-m4a',
  'video/mp4',
  'video/quicktime',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'text/plain',
  'text/csv',
] as const;
export type EvidenceContentType = (typeof EVIDENCE_CONTENT_TYPES)[number];

/** What the file picker offers (a hint only: the server sniffs the content). */
export const EVIDENCE_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.gif,.webp,.tif,.tiff,.heic,.mp3,.wav,.m4a,.mp4,.mov,.zip,.docx,.xlsx,.pptx,.odt,.ods,.txt,.log,.csv';

/** The defaults of the settings `UPLOAD_MAX_BYTES` and `EVIDENCE_MAX_FILES` (live files per case or request). */
export const UPLOAD_MAX_BYTES_DEFAULT = 20 * 1024 * 1024;
export const EVIDENCE_MAX_FILES_DEFAULT = 50;

/**
 * `GET /api/evidence/limits`: what this server accepts, for the upload form to say (its settings `UPLOAD_MAX_BYTES`
 * and `EVIDENCE_MAX_FILES`, whose defaults are above).
 */
export const evidenceLimitsSchema = z.object({
  /** The largest file accepted, in bytes (a larger one is refused with 413). */
  maxBytes: z.number().int().positive(),
  /** How many live files a case or an investigation request holds at most. */
  maxFiles: z.number().int().positive(),
});
export type EvidenceLimits = z.infer<typeof evidenceLimitsSchema>;

/** The longest name a file keeps (longer ones are cut, keeping the extension). */
export const EVIDENCE_NAME_MAX = 200;

export const evidenceFileSchema = z.object({
  id: z.string(),
  /** Sanitised: no folders, control or direction characters, at most EVIDENCE_NAME_MAX characters. */
  name: z.string(),
  size: z.number().int().positive(),
  /** Found by content sniffing. */
  contentType: z.string(),
  /** Lower-case hex SHA-256 of the bytes as stored. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Directors only, like internal case updates. */
  isInternal: z.boolean(),
  /** The uploader's name (or e-mail); null once their account is gone. */
  uploadedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Set when the file was removed: it stays listed, but can no longer be downloaded. */
  deletedAt: z.iso.datetime().nullable(),
});
export type EvidenceFile = z.infer<typeof evidenceFileSchema>;

/** The multipart fields besides `file`: `isInternal` ('true' or 'false'; true needs a Director). */
export const evidenceUploadFieldsSchema = z.object({
  isInternal: z.enum(['true', 'false'], { error: 'isInternal must be true or false' }).optional(),
});

/** Human-readable size: 1.5 MB, 820 KB, 12 B. */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
