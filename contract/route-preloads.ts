import type { ClientRouteName } from './routes.js';

/**
 * Written by the client build beside index.html (vite.config.ts) and read by the server at start (decision 023):
 * a dot directory, which the static file server does not serve.
 */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Per client route, the built files its page needs that the entry script does not load (paths from the site's
 * root); routes drawn by the entry itself are absent.
 */
export type RoutePreloads = Partial<Record<ClientRouteName, { scripts: string[]; styles: string[] }>>;
