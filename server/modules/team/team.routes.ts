import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { teamPageSchema } from '../../../contract/team.js';
import { access } from '../../lib/route-access.js';
import type { AppContext } from '../../infra/context.js';
import * as team from './team.service.js';

const tags = ['team'];

export async function teamRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/team',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Personnel dossiers, strategic advisors and the classification notice (public)',
        response: { 200: teamPageSchema },
      },
    },
    async () => team.getTeamPage(ctx),
  );
}
