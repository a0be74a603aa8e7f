import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEventSchema, auditQuerySchema, NEXT_CURSOR_HEADER } from '../../../contract/audit.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import { access } from '../../lib/route-access.js';
import type { AppContext } from '../../infra/context.js';
import { errors } from '../../plugins/error-responses.js';
import * as audit from './audit.service.js';

const tags = ['audit'];

export async function auditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/audit',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary: 'The audit trail, newest first (Directors)',
        description: [
          'Filters: `actorId` (who acted) and `subjectUserId` (whose data it was about), each an account id or an',
          'e-mail address, `action` (one action such as',
          '`auth.login_failed`, or a family such as `auth.*`), `from` (inclusive) and `to` (exclusive) as ISO date',
          `times, and \`limit\` (1-200, default 50). When more events exist, the \`${NEXT_CURSOR_HEADER}\` header holds`,
          'the value to pass as `before` for the next page. Audit events are written by the server as things happen',
          'and cannot be changed or deleted through the app: there is no endpoint that does either. Each event also',
          'comes in words: `actionLabel`, `actorLabel` and `subjectLabel` (a case as CASE-1001, an account by address).',
        ].join(' '),
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEventSchema), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { events, nextCursor } = await audit.listEvents(ctx, request.query);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return events;
    },
  );
}
