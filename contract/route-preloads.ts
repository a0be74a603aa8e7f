import { MEMBER_ROUTES, type ClientRouteName } from './routes.js';

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

/**
 * Whose code a visit of `route` needs, signed in or not: at `/` a member's home page, and a member-only route's page
 * only with a session (anyone else gets the 404 page there, and the landing page, part of the entry, at `/`).
 * The server names it in the page's HTML and the client loads it before rendering (decision 023).
 */
export function preloadedPage(
  route: ClientRouteName,
  signedIn: boolean,
): Exclude<PreloadedPage, 'home'> | undefined {
  if (route === 'home') return signedIn ? 'memberHome' : undefined;
  return MEMBER_ROUTES.has(route) && !signedIn ? undefined : route;
}
