import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attackAboutSchema,
  attackSearchQuerySchema,
  attackTechniqueSchema,
} from '../../../contract/attack.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import * as attack from './attack.service.js';

const tags = ['attack'];

/** The technique picker's reads. Directors set techniques; anyone signed in may read the public ATT&CK names. */
export async function attackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/attack/techniques',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'ATT&CK Enterprise techniques by id or name (at most 20), for the picker',
        querystring: attackSearchQuerySchema,
        response: { 200: z.array(attackTechniqueSchema), ...errors(400, 401) },
      },
    },
    async (request) => attack.search(request.query.q),
  );

  r.get(
    '/api/attack',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: "The shipped ATT&CK table's version, size and MITRE's copyright designation",
        response: { 200: attackAboutSchema, ...errors(401) },
      },
    },
    async () => attack.about,
  );
}
