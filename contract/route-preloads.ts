import type { ClientRouteName } from './routes.js';

/**
 * Written by the client build beside index.html (vite.config.ts) and read by the server at start (decision 023):
 * a dot directory, which the static file server does not serve.
 */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * A page with code of its own: each client route's, and a member's home page, which `/` shows to a signed-in
 * visitor instead of the landing page.
 */
export type PreloadedPage = ClientRouteName | 'memberHome';

/**
 * Per page, the built files it needs that the entry script does not load (paths from the site's root); pages drawn
 * by the entry itself are absent.
 */
export type RoutePreloads = Partial<Record<PreloadedPage, { scripts: string[]; styles: string[] }>>;

/** The page `/` (or any client route) is for this request: a member's home page needs a session. */
export function preloadedPage(route: ClientRouteName, signedIn: boolean): PreloadedPage {
  return route === 'home' && signedIn ? 'memberHome' : route;
}
