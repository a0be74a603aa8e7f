import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/route-access.js';
import { appliedMigrationCount, expectedMigrationCount, type Database } from '../../db/client.js';
import { JSON_MEDIA_TYPE } from '../../lib/media-types.js';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']), detail: z.string().optional() });
/** `/healthz`'s one answer, serialised once. */
const OK_JSON = JSON.stringify(statusSchema.parse({ status: 'ok' }));
/**
 * A probe reads no session and is never rate limited (a load balancer polls it); decision 014. The security
 * headers and the request id still come with it.
 */
const probeConfig = { access: access.public({ session: false, rateLimit: 'none' }) };

export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const expected = await expectedMigrationCount();

  r.get(
    '/healthz',
    {
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: statusSchema } },
      logLevel: 'warn',
      config: probeConfig,
      // A few bytes: no compression hook on the path a load balancer polls (decision 022).
      compress: false,
    },
    // Synchronous, the JSON made at start (a string is sent as it is, so the reply is typed as any route's): no
    // promise, and no wait on the reply as a thenable (decision 044).
    (_request, reply: FastifyReply) => {
      reply.type(JSON_MEDIA_TYPE).send(OK_JSON);
    },
  );

  r.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database is reachable and migrated',
        response: { 200: statusSchema, 503: statusSchema },
      },
      logLevel: 'warn',
      config: probeConfig,
      // A few bytes: no compression hook on the path a load balancer polls (decision 022).
      compress: false,
    },
    async (_request, reply) => {
      // From the moment shutdown begins, so the load balancer stops sending before the listener closes.
      if (app.draining) return reply.status(503).send({ status: 'unavailable', detail: 'shutting down' });
      try {
        const applied = await appliedMigrationCount(database.pool);
        if (applied < expected) {
          return reply
            .status(503)
            .send({ status: 'unavailable', detail: `migrations ${applied}/${expected}` });
        }
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable', detail: 'database unreachable' });
      }
    },
  );
}
