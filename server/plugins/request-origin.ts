import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runWithOrigin } from '../infra/public-url.js';

/**
 * Makes each request's origin known to `publicUrl` for everything its handling calls (services that mail a link
 * need not be handed the request). A body is read in another async context, so the origin is set again before
 * validation, from where the handler runs.
 */
export default fp(
  async function requestOriginPlugin(app: FastifyInstance) {
    const enter = (request: { protocol: string; host: string }, done: () => void) =>
      runWithOrigin(`${request.protocol}://${request.host}`, done);
    app.addHook('onRequest', (request, _reply, done) => enter(request, done));
    app.addHook('preValidation', (request, _reply, done) => enter(request, done));
  },
  { name: 'request-origin' },
);
