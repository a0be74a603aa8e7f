import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

/**
 * Serves the built client (dist/client) with an SPA fallback: unknown non-API GETs get index.html and the
 * client router decides (its own 404 page); unknown /api paths get the JSON 404.
 */
export default fp(
  async function clientPlugin(app: FastifyInstance, options: { root: string }) {
    const hasClient = existsSync(options.root);
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: options.root,
        wildcard: false,
        index: false,
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
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
      if (isPage && hasClient) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      throw new AppError('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`);
    });
  },
  { name: 'client' },
);
