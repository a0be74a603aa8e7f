import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENTS_RETRY_MS } from '../../../contract/events.js';
import type { AppContext } from '../../infra/context.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { access } from '../../lib/route-access.js';
import { currentAuth } from '../../plugins/auth.js';
import { errors } from '../../plugins/error-responses.js';

const tags = ['events'];

/** A `Last-Event-ID` is one of our ids (a positive integer); anything else counts as none (design 12.6). */
export function parseLastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

export async function eventsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/events',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Live events of your account, as server-sent events',
        description:
          'A `text/event-stream`: `notification`, `case.updated`, `order.updated`, `payment.updated`, `job.progress` ' +
          'and `tier.changed`, each with an `id:`; a comment line every 25 s. A reconnect with `Last-Event-ID` is ' +
          'replayed what it missed within EVENTS_REPLAY_SECONDS, else gets `event: reset`. When the session ends ' +
          '(sign-out, expiry, deactivation) the last frame is `event: signed-out`: do not reconnect. Browser ' +
          'sessions only.',
        response: {
          200: z.string().describe('text/event-stream'),
          ...errors(401, 403, 503),
        },
      },
    },
    async (request, reply) => {
      const auth = currentAuth(request);
      // A stream lives as long as its session, and an API key has none to end it: keys poll.
      if (!auth.session) throw forbidden('The event stream is for signed-in browser sessions');
      const hub = ctx.modules.events;
      if (!hub.live) {
        throw new AppError('UNAVAILABLE', 'Live events are not available right now; try again shortly', {
          retryAfterSeconds: 5,
        });
      }
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and other buffering proxies pass each event on at once.
        'x-accel-buffering': 'no',
      });
      response.write(`retry: ${EVENTS_RETRY_MS}\n\n`);
      request.raw.socket.setNoDelay(true);
      try {
        await hub.open(
          { session: auth.session, user: auth.user },
          response,
          parseLastEventId(request.headers['last-event-id']),
        );
      } catch (error) {
        request.log.error({ err: error }, 'event stream could not start');
        response.destroy();
      }
    },
  );
}
