import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createEnterpriseClientRequestSchema,
  enterpriseClientSchema,
  updateEnterpriseClientRequestSchema,
} from '../../../contract/enterprise.js';
import { organizationMemberSchema, seatMemberRequestSchema } from '../../../contract/organization.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import { listQuerySchema } from '../../../contract/lists.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import * as organization from '../organization/organization.service.js';
import * as enterprise from './enterprise.service.js';

const tags = ['enterprise'];
const params = z.object({ id: z.string().max(100) });

/** Enterprise clients: Directors only (tier 4 is staff); everyone else gets 403 TIER_REQUIRED. */
export async function enterpriseRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/enterprise/clients',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary: 'Enterprise clients, newest first, each with its members',
        querystring: listQuerySchema,
        response: { 200: z.array(enterpriseClientSchema), ...errors(401, 403) },
      },
    },
    async (request) => enterprise.listClients(ctx, request.query.limit),
  );

  r.post(
    '/api/enterprise/clients',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary: 'Add a client; one per domain (409 when the domain is taken)',
        body: createEnterpriseClientRequestSchema,
        response: { 201: enterpriseClientSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await enterprise.createClient(ctx, currentAuth(request).user, request.body)),
  );

  r.patch(
    '/api/enterprise/clients/:id',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary: "Change a client's name, domain, tier or auto-join",
        params,
        body: updateEnterpriseClientRequestSchema,
        response: { 200: enterpriseClientSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      enterprise.updateClient(
        ctx,
        currentAuth(request).user,
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  );

  r.post(
    '/api/enterprise/clients/:id/members',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary: "Seat an existing account in a client's organisation, by default as its owner (Directors)",
        params,
        body: seatMemberRequestSchema,
        response: { 201: organizationMemberSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await organization.seatMember(
            ctx,
            currentAuth(request).user,
            request.params.id,
            request.body,
            requestMeta(request),
          ),
        ),
  );

  r.delete(
    '/api/enterprise/clients/:id',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary: 'Remove a client (its members keep their accounts)',
        params,
        response: { 204: z.null(), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await enterprise.deleteClient(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
