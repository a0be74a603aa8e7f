import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../contract/errors.js';
import type { AppConfig } from '../config/env.js';
import { access, type RouteAccess } from '../lib/route-access.js';
import { BODY_METHODS } from '../lib/route-options.js';

/**
 * The docs page's own CSP (it replaces the app's on /api/docs only): swagger-ui's, with the hashes of its inline
 * script, except that the UI sets style attributes as it renders (as Radix does in the app, whose CSP allows the
 * same), which `style-src 'self' https:` refused with a console error on every load; and without the public
 * validator, which it no longer uses.
 */
export function docsCsp(header: string): string {
  return header
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name] = directive.split(/\s+/);
      if (name === 'style-src') return "style-src 'self' 'unsafe-inline'";
      if (name === 'img-src') return "img-src 'self' data:";
      return directive;
    })
    .join('; ');
}

type Security = Record<string, string[]>[];

/** A session cookie or an API key (`Authorization: Bearer`): what a route of tier 1 and above accepts. */
export const SIGNED_IN: Security = [{ session: [] }, { apiKey: [] }];

/**
 * `getAutomationRulesByIdRuns` for `GET /api/automation/rules/:id/runs` (or `.../{id}/runs`): unique, as method and
 * path are.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.*)\}$/, ':$1'))
    .map((segment) => (segment === '*' || segment === ':*' ? 'any' : segment))
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/** What a route's declared policy demands: `[]` when anyone may call it (public), else a session or an API key. */
export function securityOf(policy: RouteAccess | undefined): Security {
  return (policy?.tier ?? 0) > 0 ? SIGNED_IN : [];
}

/**
 * Completes each route's operations (issue 21 point 2): their `security` from the route's declared policy
 * (`config.access`, the one its guards enforce; a route whose handler checks something else, such as the 2FA step's half-signed-in session, says so in its
 * schema), and the answers every route can give besides its own: 429 from the per-IP limit, 415 for a body that
 * is not JSON, 401 (and 403 for an API key's scope) behind a guard.
 */
function completeOperation(method: string, route: RouteOptions, schema: Record<string, unknown>) {
  const security = (schema.security as Security | undefined) ?? securityOf(route.config?.access);
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  const add = (status: number) => {
    if (!(status in response) && !(String(status) in response)) response[status] = errorBodySchema;
  };
  if (security.length > 0) {
    add(401);
    add(403);
  }
  if (BODY_METHODS.has(method)) add(415);
  add(429);
  return {
    ...schema,
    security,
    response,
  };
}

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs (JSON at /api/docs/json). */
export default fp(
  async function docsPlugin(app: FastifyInstance, options: { config: AppConfig }) {
    // The deployment's own address when it is configured; otherwise paths are relative to wherever it is served.
    const base = options.config.PUBLIC_BASE_URL ?? '/';
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Intelligence portal API',
          description:
            'Error bodies are `{ message, code, issues? }`; mutations take JSON (415 otherwise). Every answer ' +
            'carries an `X-Request-Id`. Signed-in routes take the session cookie (`sid`, `__Host-sid` over ' +
            'HTTPS) or an API key as `Authorization: Bearer <key>`.',
          version: '1.0.0',
          license: {
            name: 'Proprietary',
            url: new URL('/terms', options.config.PUBLIC_BASE_URL ?? 'http://localhost').href,
          },
        },
        servers: [{ url: base, description: 'This deployment' }],
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: 'sid',
              description: 'The session cookie set at sign-in (`__Host-sid` when served over HTTPS)',
            },
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              description: 'An API key (Settings, API keys); its scope limits it to reads, writes or admin',
            },
          },
        },
      },
      // Per method, not per route: one route may answer several methods, each its own operation.
      // Two paths that differ only by a trailing slash would share one; the second gets a number.
      transformObject(document) {
        if (!('openapiObject' in document)) return document.swaggerObject;
        const { openapiObject } = document;
        const taken = new Set<string>();
        for (const [path, item] of Object.entries(openapiObject.paths ?? {})) {
          for (const [method, operation] of Object.entries(item ?? {})) {
            if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
            // The methods of one route share one operation object: each gets its own copy.
            const own = { ...(operation as { operationId?: string }) };
            const wanted = own.operationId ?? operationIdFor(method, path);
            let id = wanted;
            for (let n = 2; taken.has(id); n++) id = `${wanted}${n}`;
            taken.add(id);
            own.operationId = id;
            (item as Record<string, unknown>)[method] = own;
          }
        }
        return openapiObject;
      },
      transform(document) {
        const { schema, url, route } = document;
        if ((schema as { hide?: boolean } | undefined)?.hide) return jsonSchemaTransform(document);
        // TAXII 2.1 is its own protocol (design 11.4): OASIS's specification describes it, not this document.
        if (route.config?.access?.credentials === 'taxii' || route.config?.access?.credentials === 'scim')
          return { schema: { hide: true }, url };
        const method = [route.method].flat()[0]!;
        const own = (schema ?? {}) as Record<string, unknown>;
        return jsonSchemaTransform({
          ...document,
          schema: completeOperation(method, route, own),
        } as typeof document);
      },
    });
    // The documentation's page, files and JSON are for anyone. @fastify/swagger-ui takes no route options, so its
    // scope declares that for the routes it adds.
    await app.register(async function documentation(scope) {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: route.config?.access ?? access.public() };
      });
      await scope.register(swaggerUi, {
        routePrefix: '/api/docs',
        // No badge from the public validator: the page asks nothing of other hosts.
        uiConfig: { validatorUrl: null },
        staticCSP: true,
        transformStaticCSP: docsCsp,
      });
    });
  },
  { name: 'docs' },
);
