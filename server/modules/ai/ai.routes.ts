import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiAnalysesQuerySchema,
  aiAnalysisSchema,
  createAiAnalysisRequestSchema,
} from '../../../contract/ai.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import * as ai from './ai.service.js';

const tags = ['ai'];

export async function aiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/ai/analysis',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Start an analysis; it is pending until a background job completes or fails it',
        body: createAiAnalysisRequestSchema,
        response: { 201: aiAnalysisSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await ai.createAnalysis(ctx, currentAuth(request).user, request.body, request.log)),
  );

  r.get(
    '/api/ai/analysis',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Your analyses, newest first',
        querystring: aiAnalysesQuerySchema,
        response: { 200: z.array(aiAnalysisSchema), ...errors(400, 401) },
      },
    },
    async (request) => ai.listAnalyses(ctx, currentAuth(request).user, request.query.limit),
  );

  r.get(
    '/api/ai/analysis/:id',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'One of your analyses',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: aiAnalysisSchema, ...errors(401, 404) },
      },
    },
    async (request) => ai.getAnalysis(ctx, currentAuth(request).user, request.params.id),
  );
}
