import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataExportSchema, dataExportsQuerySchema } from '../../../contract/privacy.js';
import { access } from '../../lib/route-access.js';
import type { AppContext } from '../../infra/context.js';
import { JSON_MEDIA_TYPE } from '../../lib/media-types.js';
import { currentAuth } from '../../plugins/auth.js';
import { errors } from '../../plugins/error-responses.js';
import { requestMeta } from '../../plugins/session.js';
import * as dataExport from './data-export.service.js';

const tags = ['privacy'];
const params = z.object({ id: z.string().max(100) });

/**
 * "Download my data" (design 11.2). Signed-in users only; an API key reaches these routes only with the admin
 * permission (the session plugin's account-security paths), since the document is the whole account.
 */
export async function dataExportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/account/export',
    {
      config: { access: access.user({ reauth: true }) },
      schema: {
        tags,
        summary:
          'Start an export of all your data; while one is pending or processing, that one is answered instead (needs a recent proof)',
        response: { 202: dataExportSchema, ...errors(401, 403, 503) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await dataExport.requestExport(ctx, currentAuth(request).user, requestMeta(request))),
  );

  r.get(
    '/api/account/exports',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'Your data exports, newest first',
        querystring: dataExportsQuerySchema,
        response: { 200: z.array(dataExportSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => dataExport.listExports(ctx, currentAuth(request).user, request.query.limit),
  );

  r.get(
    '/api/account/exports/:id/download',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary:
          'Download a finished export as one JSON document (409 while it runs or when it failed, 410 once expired)',
        params,
        produces: ['application/json'],
        response: { 200: z.string(), ...errors(401, 403, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const download = await dataExport.downloadExport(
        ctx,
        currentAuth(request).user,
        request.params.id,
        requestMeta(request),
      );
      return reply
        .type(JSON_MEDIA_TYPE)
        .header('Content-Disposition', `attachment; filename="${download.filename}"`)
        .header('Cache-Control', 'no-store')
        .send(download.document);
    },
  );
}
