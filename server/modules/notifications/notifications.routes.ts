import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import { listQuerySchema } from '../../../contract/lists.js';
import { notificationPreferencesSchema, notificationSchema } from '../../../contract/notifications.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import * as notifications from './notifications.service.js';

const tags = ['notifications'];

export async function notificationsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notifications',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Your notifications, newest first',
        querystring: listQuerySchema,
        response: { 200: z.array(notificationSchema), ...errors(401) },
      },
    },
    async (request) => notifications.list(ctx, currentAuth(request).user.id, request.query.limit),
  );

  r.patch(
    '/api/notifications/read-all',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Mark every notification read',
        response: { 200: z.object({ updated: z.number().int() }), ...errors(401) },
      },
    },
    async (request) => ({ updated: await notifications.markAllRead(ctx, currentAuth(request).user.id) }),
  );

  r.patch(
    '/api/notifications/:id/read',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null(), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      await notifications.markRead(ctx, currentAuth(request).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/notification-preferences',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Which notification types you also get by e-mail',
        response: { 200: notificationPreferencesSchema, ...errors(401) },
      },
    },
    async (request) => notifications.getPreferences(ctx, currentAuth(request).user.id),
  );

  r.put(
    '/api/notification-preferences',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Choose which notification types you also get by e-mail',
        description:
          'Security alerts are always e-mailed: `security_alert` is stored as true whatever is sent.',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errors(400, 401) },
      },
    },
    async (request) => notifications.setPreferences(ctx, currentAuth(request).user.id, request.body),
  );
}
