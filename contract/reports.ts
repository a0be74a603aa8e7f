import { z } from 'zod';

/**
 * PDF reports of a case or an investigation request (design 11.6, issue 22 point 3). The client's version holds
 * what the client may see; the staff version (Directors only) adds internal notes and internal files.
 */
export const REPORT_VERSIONS = ['client', 'staff'] as const;
export type ReportVersion = (typeof REPORT_VERSIONS)[number];

export const REPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_SUBJECT_TYPES = ['case', 'investigation'] as const;
export type ReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];

export const sha256Schema = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'A SHA-256 is 64 hexadecimal characters')
  .transform((value) => value.toLowerCase());

/** `POST /api/cases/{id}/report` (and investigations): which version to produce. */
export const reportRequestSchema = z.object({
  version: z.enum(REPORT_VERSIONS, { error: 'Version must be client or staff' }).default('client'),
});
export type ReportRequest = z.input<typeof reportRequestSchema>;

/** `GET /api/cases/{id}/report?version=`: the newest report of that version. */
export const reportQuerySchema = z.object({
  version: z.enum(REPORT_VERSIONS, { error: 'Version must be client or staff' }).default('client'),
});

export const reportSchema = z.object({
  id: z.string(),
  subjectType: z.enum(REPORT_SUBJECT_TYPES),
  subjectNumber: z.string(),
  version: z.enum(REPORT_VERSIONS),
  status: z.enum(REPORT_STATUSES),
  /** The hash printed in the report's footer (of its content; see docs/api.md); null until completed. */
  sha256: z.string().nullable(),
  /** The SHA-256 of the PDF file itself (what `sha256sum report.pdf` prints); null until completed. */
  fileSha256: z.string().nullable(),
  size: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/**
 * `GET /api/reports/verify/{sha256}` (public, JSON): a report this firm issued. `version` says whose it is: `client`
 * (what the client may see) or `staff` (with internal notes and files; Directors only).
 */
export const reportVerificationSchema = z.object({
  issuedAt: z.iso.datetime(),
  subjectType: z.enum(REPORT_SUBJECT_TYPES),
  subjectNumber: z.string(),
  version: z.enum(REPORT_VERSIONS),
});
export type ReportVerification = z.infer<typeof reportVerificationSchema>;

/**
 * An investigation request's number in reports and on screen: it has only its uuid, so the first eight hex digits
 * of it (`INV-1A2B3C4D`), as a case has `CASE-1001`.
 */
export function investigationNumber(id: string): string {
  return `INV-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}
