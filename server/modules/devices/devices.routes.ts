import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceSchema } from '../../../contract/devices.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import * as devices from './devices.service.js';

const tags = ['devices'];

export async function devicesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/mobile/devices',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'Your signed-in devices (one per session)',
        response: { 200: z.array(deviceSchema), ...errors(401) },
      },
    },
    async (request) => {
      const { user, session } = currentAuth(request);
      return devices.list(ctx, user.id, session?.id ?? null);
    },
  );

  r.delete(
    '/api/mobile/devices/:id',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'Sign a device out',
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null(), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const { user, session } = currentAuth(request);
      await devices.signOut(ctx, user.id, request.params.id, request.ip);
      if (session?.id === request.params.id) reply.endSessionCookie();
      return reply.status(204).send(null);
    },
  );
}
