import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { TAXII_MEDIA_TYPE } from '../../../contract/taxii.js';
import { STIX_IMPORT_MAX_BYTES } from '../../../contract/threats.js';
import type { AppContext } from '../../infra/context.js';
import { requestOrigin } from '../../infra/public-url.js';
import { AppError } from '../../lib/errors.js';
import { access } from '../../lib/route-access.js';
import { currentAuth } from '../../plugins/auth.js';
import * as apiKeys from '../api-keys/api-keys.service.js';
import * as taxii from './taxii.service.js';

/*
 * TAXII 2.1 (OASIS; design 11.4, decision 016) under /taxii2/: its own media type, its own error messages, and API
 * keys as credentials (HTTP Basic with the key as the password, as TAXII clients send them, or Bearer). The session
 * plugin leaves /taxii2/ to this module: a browser session never reads the feed.
 */

const ROOT = '/taxii2/intel';
const COLLECTION = `${ROOT}/collections/:collectionId`;

type Query = Record<string, string | string[] | undefined>;
type Params = { collectionId: string; objectId: string; statusId: string };

/** Whether an Accept header admits TAXII 2.1: the media type with version 2.1 or none, or a wildcard. */
function acceptsTaxii(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const version = params.find((param) => param.startsWith('version='))?.slice('version='.length);
    const quality = params.find((param) => param.startsWith('q='));
    if (quality && Number(quality.slice(2)) === 0) return false;
    if (type === '*/*' || type === 'application/*') return true;
    return type === 'application/taxii+json' && (version === undefined || version === '2.1');
  });
}

function isTaxiiContentType(value: string | undefined): boolean {
  if (!value) return false;
  const [type, ...params] = value.split(';').map((part) => part.trim().toLowerCase());
  const version = params.find((param) => param.startsWith('version='))?.slice('version='.length);
  return type === 'application/taxii+json' && (version === undefined || version === '2.1');
}

/** The API key of `Authorization: Basic base64(anything:KEY)` (or the user part when the password is empty), or Bearer. */
function keyOf(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value] = header.trim().split(/\s+/, 2);
  if (!value) return null;
  if (scheme?.toLowerCase() === 'bearer') return value;
  if (scheme?.toLowerCase() !== 'basic') return null;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return decoded || null;
  const password = decoded.slice(colon + 1);
  return password || decoded.slice(0, colon) || null;
}

function unauthorized(reply: FastifyReply, description: string): TaxiiError401 {
  reply.header('www-authenticate', 'Basic realm="taxii"');
  return new taxii.TaxiiHttpError(401, 'Unauthorized', description);
}
type TaxiiError401 = taxii.TaxiiHttpError;

/**
 * The TAXII media type exactly as the specification writes it: sent as bytes, since Fastify rewrites a JSON media
 * type given with a string (quoting the version, adding a charset).
 */
function send(reply: FastifyReply, status: number, body: unknown) {
  return reply
    .status(status)
    .header('content-type', TAXII_MEDIA_TYPE)
    .send(Buffer.from(JSON.stringify(body)));
}

/** A page: the body with `more` and `next`, and the TAXII headers naming the first and last date_added in it. */
function sendPage(
  reply: FastifyReply,
  page: { items: unknown[]; more: boolean; next?: string; firstAdded?: string; lastAdded?: string },
  key: 'objects' | 'versions',
) {
  if (page.firstAdded) reply.header('X-TAXII-Date-Added-First', page.firstAdded);
  if (page.lastAdded) reply.header('X-TAXII-Date-Added-Last', page.lastAdded);
  return send(reply, 200, {
    more: page.more,
    ...(page.next ? { next: page.next } : {}),
    ...(page.items.length ? { [key]: page.items } : {}),
  });
}

export async function taxiiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Every route of the feed: TAXII's own credentials (the hook below), never a session.
  const config = { access: access.own('taxii') };
  // TAXII bodies are JSON under their own media type; anything else is refused by the add itself (415).
  app.addContentTypeParser(
    /^application\/taxii\+json/i,
    { parseAs: 'string', bodyLimit: STIX_IMPORT_MAX_BYTES },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(taxii.badRequest('The body is not valid JSON'), undefined);
      }
    },
  );

  app.setErrorHandler((error: FastifyError | taxii.TaxiiHttpError | AppError, request, reply) => {
    if (error instanceof taxii.TaxiiHttpError) return send(reply, error.status, error.body());
    const status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      const title =
        status === 413
          ? 'Payload too large'
          : status === 415
            ? 'Unsupported media type'
            : status === 429
              ? 'Too many requests'
              : 'Bad request';
      if (status === 429) {
        return send(reply, 429, {
          title,
          description: 'Too many requests. Try again later.',
          http_status: '429',
        });
      }
      return send(reply, status, { title, description: error.message, http_status: String(status) });
    }
    request.log.error({ err: error }, 'TAXII request failed');
    return send(reply, 500, { title: 'Internal server error', http_status: '500' });
  });

  // Every TAXII request (this plugin's routes, each declared as authenticating its own way so that the session
  // plugin leaves it here): an API key first (401 names the Basic realm), then an Accept header TAXII 2.1 satisfies.
  app.addHook('onRequest', async (request, reply) => {
    const key = keyOf(request.headers.authorization);
    if (!key)
      throw unauthorized(reply, 'Send an API key: HTTP Basic with the key as the password, or Bearer');
    const found = await apiKeys.authenticate(ctx, key);
    if (!found) throw unauthorized(reply, 'Invalid, revoked or expired API key');
    request.auth = { user: found.user, session: null, apiKey: found.apiKey };
    if (!acceptsTaxii(request.headers.accept)) {
      throw new taxii.TaxiiHttpError(406, 'Not acceptable', `This server answers ${TAXII_MEDIA_TYPE}`);
    }
  });

  app.get('/taxii2/', { config }, async (request, reply) =>
    send(reply, 200, taxii.discovery(requestOrigin(request))),
  );

  app.get(`${ROOT}/`, { config }, async (_request, reply) => send(reply, 200, taxii.apiRoot()));

  app.get(`${ROOT}/collections/`, { config }, async (request, reply) =>
    send(reply, 200, { collections: [taxii.collection(currentAuth(request))] }),
  );

  app.get<{ Params: Params }>(`${COLLECTION}/`, { config }, async (request, reply) => {
    taxii.assertCollection(request.params.collectionId);
    return send(reply, 200, taxii.collection(currentAuth(request)));
  });

  app.get<{ Params: Params; Querystring: Query }>(
    `${COLLECTION}/objects/`,
    { config },
    async (request, reply) => {
      taxii.assertCollection(request.params.collectionId);
      const page = await taxii.objects(ctx, currentAuth(request), taxii.parseQuery(request.query));
      return sendPage(reply, page, 'objects');
    },
  );

  app.post<{ Params: Params }>(
    `${COLLECTION}/objects/`,
    { config, bodyLimit: STIX_IMPORT_MAX_BYTES },
    async (request, reply) => {
      taxii.assertCollection(request.params.collectionId);
      if (!isTaxiiContentType(request.headers['content-type'])) {
        throw new taxii.TaxiiHttpError(
          415,
          'Unsupported media type',
          `Send the envelope as ${TAXII_MEDIA_TYPE}`,
        );
      }
      return send(reply, 202, await taxii.add(ctx, currentAuth(request), request.body));
    },
  );

  app.get<{ Params: Params; Querystring: Query }>(
    `${COLLECTION}/objects/:objectId/`,
    { config },
    async (request, reply) => {
      taxii.assertCollection(request.params.collectionId);
      const query = taxii.parseQuery(request.query);
      const page = await taxii.object(ctx, currentAuth(request), request.params.objectId, query);
      return sendPage(reply, page, 'objects');
    },
  );

  app.get<{ Params: Params; Querystring: Query }>(
    `${COLLECTION}/objects/:objectId/versions/`,
    { config },
    async (request, reply) => {
      taxii.assertCollection(request.params.collectionId);
      const query = taxii.parseQuery(request.query, { versionDefault: 'all' });
      const page = await taxii.versions(ctx, currentAuth(request), request.params.objectId, query);
      return sendPage(reply, page, 'versions');
    },
  );

  app.get<{ Params: Params; Querystring: Query }>(
    `${COLLECTION}/manifest/`,
    { config },
    async (request, reply) => {
      taxii.assertCollection(request.params.collectionId);
      const page = await taxii.manifest(ctx, currentAuth(request), taxii.parseQuery(request.query));
      return sendPage(reply, page, 'objects');
    },
  );

  app.get<{ Params: Params }>(`${ROOT}/status/:statusId/`, { config }, async (request, reply) =>
    send(reply, 200, await taxii.status(ctx, currentAuth(request), request.params.statusId)),
  );

  // Anything else under /taxii2/ (another method, another path): a TAXII 404, not the app's page.
  app.all('/taxii2/*', { config }, async () => {
    throw taxii.notFound('No such TAXII resource');
  });
}
