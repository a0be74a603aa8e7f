import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reportQuerySchema,
  reportRequestSchema,
  reportSchema,
  reportVerificationSchema,
  sha256Schema,
} from '../../../contract/reports.js';
import { CLIENT_ROUTES } from '../../../contract/routes.js';
import { access } from '../../lib/route-access.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { errors } from '../../plugins/error-responses.js';
import { requestMeta } from '../../plugins/session.js';
import { attachmentDisposition } from '../evidence/evidence.content.js';
import * as reports from './reports.service.js';

const tags = ['reports'];
const params = z.object({ id: z.string().max(100) });
const BASES = { case: '/api/cases', investigation: '/api/investigations' } as const;
const WHOSE = { case: 'a case', investigation: 'an investigation request' } as const;

/** A browser opening the address (its Accept lists text/html), rather than a program asking for JSON. */
function wantsPage(accept: string | undefined): boolean {
  return accept !== undefined && /\btext\/html\b/i.test(accept) && !/\bapplication\/json\b/i.test(accept);
}

/**
 * PDF reports (design 11.6): asked for with POST (202, rendered by a job), fetched with GET (the PDF when done,
 * 202 with the report's status while it renders), and verified by anyone holding a copy.
 */
export async function reportsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const type of ['case', 'investigation'] as const) {
    const typeTags = [...tags, type === 'case' ? 'cases' : 'investigations'];

    r.post(
      `${BASES[type]}/:id/report`,
      {
        config: { access: access.user() },
        schema: {
          tags: typeTags,
          summary: `Produce a PDF report of ${WHOSE[type]} ({version: 'staff'} for Directors: with internal notes and files)`,
          params,
          body: reportRequestSchema,
          response: { 202: reportSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(
            await reports.requestReport(
              ctx,
              currentAuth(request).user,
              type,
              request.params.id,
              request.body.version,
              requestMeta(request),
            ),
          ),
    );

    r.get(
      `${BASES[type]}/:id/report`,
      {
        config: { access: access.user() },
        schema: {
          tags: typeTags,
          summary: `The newest report of ${WHOSE[type]}: the PDF when done, 202 with its status while it renders`,
          params,
          querystring: reportQuerySchema,
          produces: ['application/pdf', 'application/json'],
          response: {
            200: z.any().describe('The PDF'),
            202: reportSchema,
            ...errors(400, 401, 403, 404, 409, 410),
          },
        },
      },
      async (request, reply) => {
        const latest = await reports.latestReport(
          ctx,
          currentAuth(request).user,
          type,
          request.params.id,
          request.query.version,
          requestMeta(request),
        );
        if (!latest.ready) return reply.status(202).header('Retry-After', '1').send(latest.report);
        return reply
          .type('application/pdf')
          .header('Content-Disposition', attachmentDisposition(latest.filename))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .header('X-Report-Id', latest.report.id)
          .header('X-Report-SHA256', latest.report.sha256 ?? '')
          .header('X-Content-SHA256', latest.report.fileSha256 ?? '')
          .send(latest.body);
      },
    );
  }

  r.get(
    '/api/reports/verify/:sha256',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary:
          'Whether this firm issued a report with this SHA-256 (the one printed in its footer, or the PDF file’s own)',
        description:
          'The footer prints this address, so a reader opens it in a browser: a request that accepts `text/html` ' +
          'and not `application/json` is sent (303) to the page `/reports/verify/{sha256}`, which says in words ' +
          'whether the report is genuine, when it was issued and which version it is, from this JSON.',
        params: z.object({ sha256: sha256Schema }),
        response: {
          200: reportVerificationSchema,
          303: z
            .null()
            .describe('To the verification page, for a browser (`Location: /reports/verify/{sha256}`)'),
          ...errors(400, 404),
        },
      },
      // Before validation: a malformed hash is the page's to explain, in words, too.
      onRequest: async (request, reply) => {
        if (!wantsPage(request.headers.accept)) return;
        const { sha256 } = request.params as { sha256: string };
        return reply.redirect(CLIENT_ROUTES.reportVerify.replace(':sha256', encodeURIComponent(sha256)), 303);
      },
    },
    async (request) => reports.verify(ctx, request.params.sha256),
  );
}
