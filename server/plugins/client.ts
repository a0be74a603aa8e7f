import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  preloadedPage,
  ROUTE_PRELOADS_FILE,
  type PreloadedPage,
  type RoutePreloads,
} from '../../contract/route-preloads.js';
import { clientRouteName } from '../../contract/routes.js';
import { AppError } from '../lib/errors.js';
import { access } from '../lib/route-access.js';
import { compressedOnce, sendCompressed, type CompressedBody } from './compression.js';

/** The app shell as sent: its HTML, compressed once per coding at start. */
interface Page {
  html: string;
  compressed: CompressedBody;
}

function page(html: string): Page {
  return { html, compressed: compressedOnce(html, { eager: true }) };
}

/**
 * index.html as each client route is sent: with `<link>` tags for the route's own code (ROUTE_PRELOADS_FILE,
 * written by the build), so the browser fetches it beside the entry script instead of after it has run
 * (decision 023). Routes without code of their own get index.html as built.
 */
function routePages(root: string): { plain: Page; routes: Map<PreloadedPage, Page> } {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const preloadsFile = path.join(root, ROUTE_PRELOADS_FILE);
  // Every build writes it (or fails); a client put together by hand, as in tests, may have none.
  const preloads: RoutePreloads = existsSync(preloadsFile)
    ? JSON.parse(readFileSync(preloadsFile, 'utf8'))
    : {};
  const routes = new Map<PreloadedPage, Page>();
  for (const [name, { scripts, styles }] of Object.entries(preloads) as [
    PreloadedPage,
    NonNullable<RoutePreloads[PreloadedPage]>,
  ][]) {
    // CORS mode like the build's own tags (the entry script is loaded so). Low priority: they must not slow the
    // entry script and the stylesheet, which the first paint waits for (the loading screen, on a tab's first load,
    // needs nothing else); they still start with them, instead of after the entry has run.
    const links = [
      ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
      ...scripts.map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`),
    ];
    routes.set(name, page(html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`)));
  }
  return { plain: page(html), routes };
}

/**
 * Serves the built client (dist/client), design 11.3:
 * - hashed files under /assets/ are cached for a year and sent brotli- or gzip-encoded when the browser accepts
 *   it, from the .br/.gz files the build wrote beside them (no compression per request);
 * - a client route (contract/routes.ts) gets index.html naming the route's code (decision 023), never cached; any
 *   other page gets index.html with a 404, and the client router shows its not-found page; unknown /api paths get
 *   the JSON 404. Both are made and compressed once, at start;
 * - source maps only when SERVE_SOURCE_MAPS is on (by default outside production).
 */
export default fp(
  async function clientPlugin(app: FastifyInstance, options: { root: string; serveSourceMaps: boolean }) {
    const pages = existsSync(options.root) ? routePages(options.root) : undefined;
    if (pages) {
      // The built client's files, a route each, are the same for everyone: public, and a browser's cookie is not
      // looked up for them (decision 035). Only the routes this registration adds: a route of anyone else's that
      // forgets its declaration must still fail the authorization matrix, not become public.
      let addingFiles = true;
      app.addHook('onRoute', (route) => {
        if (addingFiles) route.config = { ...route.config, access: access.public({ session: false }) };
      });
      await app.register(fastifyStatic, {
        root: options.root,
        wildcard: false,
        index: false,
        preCompressed: true,
        // A map refused here gets the 404 of any other unknown file, below.
        ...(options.serveSourceMaps ? {} : { allowedPath: (pathname: string) => !pathname.endsWith('.map') }),
        setHeaders(reply, filePath) {
          // Vite fingerprints everything under assets/; the rest (robots.txt, the icon) must be revalidated.
          reply.header(
            'cache-control',
            filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      addingFiles = false;
    }

    // In a scope of its own, whose hook counts its answers under one label (plugins/observability.ts) without
    // every route's answer running it too. Fastify gives the not-found handler the hooks of the scope that sets it.
    await app.register(async function notFound(scope) {
      scope.addHook('onResponse', app.observeUnmatched);
      scope.setNotFoundHandler(async (request, reply) => {
        const pathname = request.url.split('?')[0]!;
        const isPage =
          (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api');
        if (isPage && pages) {
          const route = clientRouteName(pathname);
          const preloaded = route && preloadedPage(route, Boolean(request.auth));
          const named = preloaded ? pages.routes.get(preloaded) : undefined;
          const { html, compressed } = named ?? pages.plain;
          reply
            .status(route ? 200 : 404)
            .header('cache-control', 'no-cache')
            .type('text/html; charset=utf-8')
            .syncSessionHint();
          return sendCompressed(request, reply, html, compressed);
        }
        throw new AppError('NOT_FOUND', `Route ${request.method} ${pathname} not found`);
      });
    });
  },
  { name: 'client', dependencies: ['observability', 'session'] },
);
