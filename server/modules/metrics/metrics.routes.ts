import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { access } from '../../lib/route-access.js';
import type { RouteDeps } from '../../infra/module.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { registerCollectors } from './metrics.service.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

function isLoopback(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'loopback';
  } catch {
    return false;
  }
}

/**
 * `GET /metrics` (design 11.5): Prometheus text 0.0.4. With METRICS_TOKEN set only `Authorization: Bearer <token>`
 * reads it (else 401); unset, only a loopback caller (else 403). The address is `request.ip`, which honours
 * TRUST_PROXY: behind a trusted proxy on the same host it is the client's, never the proxy's loopback.
 */
export async function metricsRoutes(app: FastifyInstance, { ctx, database }: RouteDeps) {
  registerCollectors(app.metrics, ctx, database.pool);
  const token = ctx.config.METRICS_TOKEN;
  const expected = token === undefined ? null : digest(`Bearer ${token}`);

  const allowed = async (request: FastifyRequest) => {
    if (expected) {
      const given = request.headers.authorization;
      if (given === undefined || !timingSafeEqual(digest(given), expected)) {
        throw new AppError('UNAUTHENTICATED', 'Unauthorized');
      }
      return;
    }
    if (!isLoopback(request.ip)) throw forbidden('Metrics are served to loopback callers only');
  };

  app.get(
    '/metrics',
    {
      // Prometheus' own credentials, checked by `allowed`: no API key, no session.
      config: { access: access.own('metrics') },
      // An operator's endpoint for Prometheus, not part of the JSON API its clients are generated from.
      schema: { hide: true },
      onRequest: allowed,
      logLevel: 'warn',
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type(app.metrics.contentType)
        .send(await app.metrics.metrics()),
  );
}
