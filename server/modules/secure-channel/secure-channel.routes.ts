import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import {
  secureChannelListQuerySchema,
  secureChannelReceiptSchema,
  secureChannelRequestRecordSchema,
  secureChannelRequestSchema,
  secureChannelReviewSchema,
} from '../../../contract/secure-channel.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import * as secureChannel from './secure-channel.service.js';

const tags = ['secure-channel'];

export async function secureChannelRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/secure-channel',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Request a secure channel (open to anonymous visitors; rate limited per IP)',
        body: secureChannelRequestSchema,
        response: { 201: secureChannelReceiptSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const receipt = await secureChannel.submit(
        ctx,
        request.body,
        request.auth?.user.id ?? null,
        requestMeta(request),
      );
      return reply.status(201).send(receipt);
    },
  );

  r.get(
    '/api/secure-channel/requests',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary: 'Secure channel requests to review, newest first (Directors)',
        querystring: secureChannelListQuerySchema,
        response: { 200: z.array(secureChannelRequestRecordSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) =>
      secureChannel.list(
        ctx,
        { ...requestMeta(request), id: currentAuth(request).user.id },
        request.query.limit,
        request.query.status,
      ),
  );

  r.patch(
    '/api/secure-channel/requests/:id',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary: 'Approve or reject a pending request, once (Directors)',
        params: z.object({ id: z.string().max(100) }),
        body: secureChannelReviewSchema,
        response: { 200: secureChannelRequestRecordSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      secureChannel.review(
        ctx,
        request.params.id,
        request.body.status,
        currentAuth(request).user.id,
        requestMeta(request),
      ),
  );
}
