import type { FastifyInstance, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { runWithOrigin } from '../infra/public-url.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Makes each request's origin known to `publicUrl` for everything its handling calls (services that mail a link
 * need not be handed the request). A body is read in another async context, so on the routes that take one the
 * origin is set again before validation, from where the handler runs; a read's handling stays in the context its
 * onRequest hook entered (decision 014).
 */
export default fp(
  async function requestOriginPlugin(app: FastifyInstance) {
    const enter = (request: FastifyRequest, _reply: unknown, done: HookHandlerDoneFunction) =>
      runWithOrigin(`${request.protocol}://${request.host}`, done);
    app.addHook('onRequest', enter);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.every((method) => READ_METHODS.has(method))) return;
      const own =
        route.preValidation === undefined
          ? []
          : Array.isArray(route.preValidation)
            ? route.preValidation
            : [route.preValidation];
      route.preValidation = [enter, ...own];
    });
  },
  { name: 'request-origin' },
);
