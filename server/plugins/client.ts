import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isClientRoute } from '../../contract/routes.js';
import { AppError } from '../lib/errors.js';

/**
 * Serves the built client (dist/client), design 11.3:
 * - hashed files under /assets/ are cached for a year and sent brotli- or gzip-encoded when the browser accepts
 *   it, from the .br/.gz files the build wrote beside them (no compression per request);
 * - a client route (contract/routes.ts) gets index.html, never cached; any other page gets index.html with a 404,
 *   and the client router shows its not-found page; unknown /api paths get the JSON 404.
 */
export default fp(
  async function clientPlugin(app: FastifyInstance, options: { root: string }) {
    const hasClient = existsSync(options.root);
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: options.root,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(reply, filePath) {
          // Vite fingerprints everything under assets/; index.html must always be revalidated.
          reply.header(
            'cache-control',
            filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0]!;
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api');
      if (isPage && hasClient) {
        return reply
          .status(isClientRoute(pathname) ? 200 : 404)
          .header('cache-control', 'no-cache')
          .sendFile('index.html');
      }
      throw new AppError('NOT_FOUND', `Route ${request.method} ${pathname} not found`);
    });
  },
  { name: 'client' },
);
