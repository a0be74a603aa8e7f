import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/route-access.js';
import { errors, redirects } from '../../plugins/error-responses.js';
import { listQuerySchema } from '../../../contract/lists.js';
import { createQrCodeRequestSchema, qrCodeSchema } from '../../../contract/qr-codes.js';
import type { AppContext } from '../../infra/context.js';
import { publicBaseUrl, requestOrigin } from '../../infra/public-url.js';
import { currentAuth } from '../../plugins/auth.js';
import * as qrCodes from './qr-codes.service.js';

const tags = ['qr-codes'];
const params = z.object({ id: z.string().max(100) });

/** The user's own QR codes, validated with the rules of contract/qr-codes.ts. */
export async function qrCodesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/qr-codes',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Your QR codes, newest first, each with the URL its image encodes',
        querystring: listQuerySchema,
        response: { 200: z.array(qrCodeSchema), ...errors(401) },
      },
    },
    async (request) =>
      qrCodes.list(
        ctx,
        currentAuth(request).user.id,
        request.query.limit,
        publicBaseUrl(ctx.config, requestOrigin(request)),
      ),
  );

  r.post(
    '/api/qr-codes',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Create a code; `scanUrl` is the absolute URL to encode',
        body: createQrCodeRequestSchema,
        response: { 201: qrCodeSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await qrCodes.create(
            ctx,
            currentAuth(request).user.id,
            request.body,
            publicBaseUrl(ctx.config, requestOrigin(request)),
          ),
        ),
  );

  r.post(
    '/api/qr-codes/:id/deactivate',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Switch a code off for good (repeating it changes nothing)',
        params,
        response: { 200: qrCodeSchema, ...errors(401, 404) },
      },
    },
    async (request) =>
      qrCodes.deactivate(
        ctx,
        currentAuth(request).user.id,
        request.params.id,
        publicBaseUrl(ctx.config, requestOrigin(request)),
      ),
  );

  r.delete(
    '/api/qr-codes/:id',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Delete a code (a later scan finds nothing)',
        params,
        response: { 204: z.null(), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      await qrCodes.remove(ctx, currentAuth(request).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/**
 * `GET /q/{token}`, the URL inside every QR image: anyone may scan, signed in or not. A page route, not /api, so it
 * is registered before the client's catch-all. HEAD is not served here (link previews probe with it) so that only
 * a real visit counts as a scan.
 */
export async function qrScanRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/q/:token',
    {
      config: { access: access.public() },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Scan a code: counts the scan and redirects to its page, or to the expired page',
        params: z.object({ token: z.string().max(200) }),
        response: {
          ...redirects('To the code’s page, or to the expired page; never cached, so every visit counts'),
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const target = await qrCodes.scan(ctx, request.params.token, Boolean(request.auth));
      // Every visit must reach the server to be counted: no cached redirect.
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );
}
