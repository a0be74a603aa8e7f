import type { RouteOptions } from 'fastify';

/** The methods whose requests carry a body: the API takes JSON there (415 otherwise), and its docs say so. */
export const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/** The methods a route answers, as a list (Fastify takes one or several). */
export function routeMethods(route: Pick<RouteOptions, 'method'>): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** A route's own hooks of one kind, as a list (Fastify takes none, one or several). */
export function hookList<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}
