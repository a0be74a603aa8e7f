import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SCIM_BASE_PATH, SCIM_MEDIA_TYPE } from '../../../contract/scim.js';
import { scimSettingsSchema, scimTokenSchema } from '../../../contract/sso.js';
import type { AppContext } from '../../infra/context.js';
import { inOwnScope } from '../../infra/module.js';
import { AppError } from '../../lib/errors.js';
import { access } from '../../lib/route-access.js';
import { currentAuth } from '../../plugins/auth.js';
import { errors } from '../../plugins/error-responses.js';
import { requestMeta } from '../../plugins/session.js';
import * as scim from './scim.service.js';
import { ScimError, type ScimCaller } from './scim.service.js';

/** SCIM bodies are small: a user or a few patch operations. */
const BODY_LIMIT = 64 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** The enterprise client whose SCIM token the request carries (SCIM routes only). */
    scimCaller: ScimCaller | null;
  }
}

function send(reply: FastifyReply, status: number, body: unknown) {
  return reply.status(status).header('content-type', SCIM_MEDIA_TYPE).send(JSON.stringify(body));
}

function caller(request: FastifyRequest): ScimCaller {
  if (!request.scimCaller) throw new ScimError(401, 'Send the organisation’s SCIM token as a Bearer token');
  return request.scimCaller;
}

/** The SCIM service provider (RFC 7644) under /scim/v2: its own media type, errors and bearer tokens. */
async function scimProtocolRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const config = { access: access.own('scim') };
  app.decorateRequest('scimCaller', null);

  // SCIM bodies come as application/scim+json; application/json (which Fastify parses already) is accepted too,
  // and nothing else (415).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    /^application\/scim\+json/i,
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new ScimError(400, 'The body is not valid JSON', 'invalidSyntax'), undefined);
      }
    },
  );

  app.setErrorHandler((error: FastifyError | ScimError | AppError, request, reply) => {
    if (error instanceof ScimError) return send(reply, error.status, error.body());
    const status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      const scimType = status === 400 ? 'invalidSyntax' : undefined;
      const detail =
        status === 415
          ? `Send the body as ${SCIM_MEDIA_TYPE}`
          : status === 429
            ? 'Too many requests. Try again later.'
            : status === 400 && error.message.includes('JSON')
              ? 'The body is not valid JSON'
              : error.message;
      return send(reply, status, new ScimError(status, detail, scimType).body());
    }
    request.log.error({ err: error }, 'SCIM request failed');
    return send(reply, 500, new ScimError(500, 'Internal server error').body());
  });

  app.addHook('onRequest', async (request, reply) => {
    const [scheme, token] = (request.headers.authorization ?? '').trim().split(/\s+/, 2);
    const client = scheme?.toLowerCase() === 'bearer' && token ? await scim.clientOfToken(ctx, token) : null;
    if (!client) {
      reply.header('www-authenticate', 'Bearer realm="scim"');
      throw new ScimError(401, 'Send the organisation’s SCIM token as a Bearer token');
    }
    request.scimCaller = { client, meta: { ip: request.ip, userAgent: request.headers['user-agent'] } };
  });

  const userParams = z.object({ id: z.string().max(100) });
  const listQuery = z.object({
    filter: z.string().max(500).optional(),
    startIndex: z.string().max(12).optional(),
    count: z.string().max(12).optional(),
  });
  const schemaOf = (summary: string) => ({ tags: ['scim'], summary });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${SCIM_BASE_PATH}/ServiceProviderConfig`,
    { config, schema: schemaOf('What this SCIM service provider supports') },
    async (_request, reply) => send(reply, 200, scim.serviceProviderConfig(ctx)),
  );
  r.get(
    `${SCIM_BASE_PATH}/Users`,
    {
      config,
      schema: { ...schemaOf('The organisation’s users, filtered and paged'), querystring: listQuery },
    },
    async (request, reply) => send(reply, 200, await scim.listUsers(ctx, caller(request), request.query)),
  );
  r.post(
    `${SCIM_BASE_PATH}/Users`,
    { config, schema: schemaOf('Provision a user') },
    async (request, reply) => {
      const user = await scim.createUser(ctx, caller(request), request.body);
      reply.header('location', user.meta.location);
      return send(reply, 201, user);
    },
  );
  r.get(
    `${SCIM_BASE_PATH}/Users/:id`,
    { config, schema: { ...schemaOf('One user'), params: userParams } },
    async (request, reply) => send(reply, 200, await scim.getUser(ctx, caller(request), request.params.id)),
  );
  r.put(
    `${SCIM_BASE_PATH}/Users/:id`,
    { config, schema: { ...schemaOf('Replace a user'), params: userParams } },
    async (request, reply) =>
      send(reply, 200, await scim.replaceUser(ctx, caller(request), request.params.id, request.body)),
  );
  r.patch(
    `${SCIM_BASE_PATH}/Users/:id`,
    { config, schema: { ...schemaOf('Change a user (deactivate with active false)'), params: userParams } },
    async (request, reply) =>
      send(reply, 200, await scim.patchUser(ctx, caller(request), request.params.id, request.body)),
  );
  r.delete(
    `${SCIM_BASE_PATH}/Users/:id`,
    { config, schema: { ...schemaOf('Deprovision a user'), params: userParams } },
    async (request, reply) => {
      await scim.deleteUser(ctx, caller(request), request.params.id);
      return reply.status(204).send();
    },
  );
}

/** The owners' side: the base URL and the token (design 12.4). */
async function scimSettingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sso'];

  r.get(
    '/api/organization/scim',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'The SCIM base URL to give your directory, and when the token was made (owners)',
        response: { 200: scimSettingsSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => scim.getSettings(ctx, currentAuth(request).user),
  );

  r.post(
    '/api/organization/scim-token',
    {
      config: { access: access.user({ reauth: true }) },
      schema: {
        tags,
        summary:
          'A new SCIM token, shown this once; the previous one stops working (owners; needs a recent proof)',
        response: { 201: scimTokenSchema, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await scim.rotateToken(ctx, currentAuth(request).user, requestMeta(request))),
  );
}

export const scimRoutes = [scimSettingsRoutes, inOwnScope(scimProtocolRoutes)] as const;
