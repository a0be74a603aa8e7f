import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  evidenceFileSchema,
  evidenceLimitsSchema,
  evidenceUploadFieldsSchema,
} from '../../../contract/evidence.js';
import { listQuerySchema } from '../../../contract/lists.js';
import { access } from '../../lib/route-access.js';
import type { AppContext } from '../../infra/context.js';
import type { StagedBlob } from '../../infra/storage.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { currentAuth } from '../../plugins/auth.js';
import { errors } from '../../plugins/error-responses.js';
import { requestMeta } from '../../plugins/session.js';
import { attachmentDisposition } from './evidence.content.js';
import * as evidence from './evidence.service.js';
import type { SubjectType } from './evidence.service.js';

const tags = ['evidence'];
const subjectParams = z.object({ id: z.string().max(100) });
const fileParams = subjectParams.extend({ fileId: z.string().max(100) });
const BASES: Record<SubjectType, string> = { case: '/api/cases', investigation: '/api/investigations' };
const WHOSE: Record<SubjectType, string> = { case: 'a case', investigation: 'an investigation request' };
/** Room for the multipart envelope and the small fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;

/** The multipart parser's errors and busboy's, as the client's mistakes (never a 500). */
function uploadError(ctx: AppContext, error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return evidence.payloadTooLarge(ctx);
  if (code === 'FST_FILES_LIMIT')
    return validationFailed([{ path: 'file', message: 'Send one file per upload' }]);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
    return validationFailed([{ path: 'file', message: 'Too many or unexpected form fields' }]);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  }
  if (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /Unexpected end of (form|multipart data)|terminated early|Malformed|Premature close|boundary/i.test(
      message,
    )
  ) {
    return validationFailed([{ path: 'file', message: 'The upload was cut short or malformed' }]);
  }
  return error;
}

/**
 * Reads the multipart body: exactly one part named `file` (streamed into the blob store as it arrives) and the
 * optional `isInternal` field, in any order. Anything else is a 400.
 */
async function readUpload(ctx: AppContext, request: FastifyRequest) {
  let staged: StagedBlob | null = null;
  let filename: string | undefined;
  let truncated = false;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || staged) {
          part.file.resume();
          throw validationFailed([{ path: part.fieldname, message: 'Send one file, in the field "file"' }]);
        }
        filename = part.filename;
        staged = await evidence.stageUpload(ctx, part.file);
        truncated = part.file.truncated;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    if (!staged) throw validationFailed([{ path: 'file', message: 'Choose a file to upload' }]);
    const parsed = evidenceUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      throw validationFailed(
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
    }
    return { staged, filename, truncated, isInternal: parsed.data.isInternal === 'true' };
  } catch (error) {
    await (staged as StagedBlob | null)?.discard();
    throw uploadError(ctx, error);
  }
}

/**
 * Evidence files (design 11.6): the same four routes under a case and under an investigation request. Signed-in
 * users only; who sees which file is the service's business (owner and Directors; internal files Directors only).
 */
export async function evidenceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    // One byte past the limit, so the store's own count sees the excess and says 413.
    limits: { fileSize: ctx.config.UPLOAD_MAX_BYTES + 1, files: 1, fields: 4, parts: 6, fieldSize: 1024 },
  });

  r.get(
    '/api/evidence/limits',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'What an upload may be here: the largest file in bytes and the most live files per case or request',
        description: 'The settings UPLOAD_MAX_BYTES and EVIDENCE_MAX_FILES, for an upload form to say.',
        response: { 200: evidenceLimitsSchema, ...errors(401) },
      },
    },
    async () => ({ maxBytes: ctx.config.UPLOAD_MAX_BYTES, maxFiles: ctx.config.EVIDENCE_MAX_FILES }),
  );

  for (const type of ['case', 'investigation'] as const) {
    const base = BASES[type];
    const typeTags = [...tags, type === 'case' ? 'cases' : 'investigations'];

    r.post(
      `${base}/:id/files`,
      {
        config: { access: access.user(), multipart: true },
        schema: {
          tags: typeTags,
          summary: `Attach a file to ${WHOSE[type]} (multipart field "file"; "isInternal": "true" for Directors)`,
          consumes: ['multipart/form-data'],
          params: subjectParams,
          response: { 201: evidenceFileSchema, ...errors(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request, reply) => {
        const user = currentAuth(request).user;
        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > ctx.config.UPLOAD_MAX_BYTES + ENVELOPE_BYTES) throw evidence.payloadTooLarge(ctx);
        // Refused before the body is read: nobody streams megabytes into a case they cannot see or that is full.
        await evidence.checkUpload(ctx, user, type, request.params.id);
        const upload = await readUpload(ctx, request);
        const created = await evidence.attachFile(
          ctx,
          user,
          type,
          request.params.id,
          upload,
          requestMeta(request),
        );
        return reply.status(201).send(created);
      },
    );

    r.get(
      `${base}/:id/files`,
      {
        config: { access: access.user() },
        schema: {
          tags: typeTags,
          summary: `The files of ${WHOSE[type]}, newest first (removed ones marked; internal ones for Directors)`,
          params: subjectParams,
          querystring: listQuerySchema,
          response: { 200: z.array(evidenceFileSchema), ...errors(400, 401, 404) },
        },
      },
      async (request) =>
        evidence.listFiles(ctx, currentAuth(request).user, type, request.params.id, request.query.limit),
    );

    r.get(
      `${base}/:id/files/:fileId`,
      {
        config: { access: access.user() },
        schema: {
          tags: typeTags,
          summary: `Download a file of ${WHOSE[type]} (as an attachment; audited; 410 once removed)`,
          params: fileParams,
          produces: ['application/octet-stream'],
          response: { 200: z.any().describe('The file, as stored'), ...errors(401, 404, 410) },
        },
      },
      async (request, reply) => {
        const download = await evidence.downloadFile(
          ctx,
          currentAuth(request).user,
          type,
          request.params.id,
          request.params.fileId,
          requestMeta(request),
        );
        return reply
          .type(download.contentType)
          .header('Content-Length', String(download.size))
          .header('Content-Disposition', attachmentDisposition(download.name))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-SHA256', download.sha256)
          .send(download.body);
      },
    );

    r.delete(
      `${base}/:id/files/:fileId`,
      {
        config: { access: access.user() },
        schema: {
          tags: typeTags,
          summary: `Remove a file of ${WHOSE[type]} (kept as removed; Directors any, the owner their own)`,
          params: fileParams,
          response: { 204: z.null(), ...errors(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await evidence.deleteFile(
          ctx,
          currentAuth(request).user,
          type,
          request.params.id,
          request.params.fileId,
          requestMeta(request),
        );
        return reply.status(204).send(null);
      },
    );
  }
}
