import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../contract/errors.js';
import { listQuerySchema } from '../../../contract/lists.js';
import { notificationSchema } from '../../../contract/notifications.js';
import type { AppContext } from '../../lib/context.js';
import { currentAuth } from '../../plugins/auth.js';
import * as notifications from './notifications.service.js';

const tags = ['notifications'];

export async function notificationsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);

  r.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'Your notifications, newest first',
        querystring: listQuerySchema,
        response: { 200: z.array(notificationSchema), 401: errorBodySchema },
      },
    },
    async (request) => notifications.list(ctx, currentAuth(request).user.id, request.query.limit),
  );

  r.patch(
    '/api/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark every notification read',
        response: { 200: z.object({ updated: z.number().int() }), 401: errorBodySchema },
      },
    },
    async (request) => ({ updated: await notifications.markAllRead(ctx, currentAuth(request).user.id) }),
  );

  r.patch(
    '/api/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null(), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await notifications.markRead(ctx, currentAuth(request).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
