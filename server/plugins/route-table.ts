import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import type { RouteAccess } from '../lib/route-access.js';
import { routeMethods } from '../lib/route-options.js';

/** One route as Fastify registered it, with the zod schemas its requests are validated against. */
export interface RouteEntry {
  method: string;
  url: string;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  /**
   * The route's declared access policy (`config.access`), undefined when it declares none. Read when asked: a
   * scope's own onRoute hook may declare it after this plugin's hook has run (the documentation's routes do).
   */
  readonly access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, in registration order (the authorization and fuzz tests read it). */
    routeTable: RouteEntry[];
  }
}

function schemaOf(route: RouteOptions, part: 'params' | 'querystring' | 'body'): ZodType | undefined {
  const value = (route.schema as Record<string, unknown> | undefined)?.[part];
  return value && typeof value === 'object' && '_zod' in value ? (value as ZodType) : undefined;
}

/**
 * Records Fastify's own route table as it is built. Registered first so that no later plugin's or module's route
 * escapes it: a test that holds expectations per route then fails for a route nobody reviewed.
 */
export default fp(
  async function routeTablePlugin(app: FastifyInstance) {
    const table: RouteEntry[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route) => {
      for (const method of routeMethods(route)) {
        table.push({
          method,
          url: route.url,
          params: schemaOf(route, 'params'),
          querystring: schemaOf(route, 'querystring'),
          body: schemaOf(route, 'body'),
          get access() {
            return route.config?.access;
          },
        });
      }
    });
  },
  { name: 'route-table' },
);
