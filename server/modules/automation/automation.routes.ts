import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  automationRuleSchema,
  automationRunSchema,
  automationRunsQuerySchema,
  createAutomationRuleRequestSchema,
  executeAutomationRuleRequestSchema,
  updateAutomationRuleRequestSchema,
} from '../../../contract/automation.js';
import { errorBodySchema } from '../../../contract/errors.js';
import { listQuerySchema } from '../../../contract/lists.js';
import type { AppContext } from '../../lib/context.js';
import { currentAuth } from '../../plugins/auth.js';
import * as automation from './automation.service.js';

const tags = ['automation'];
const params = z.object({ id: z.string().max(100) });

export async function automationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);

  r.get(
    '/api/automation/rules',
    {
      schema: {
        tags,
        summary: 'Your automation rules, newest first',
        querystring: listQuerySchema,
        response: { 200: z.array(automationRuleSchema), 401: errorBodySchema },
      },
    },
    async (request) => automation.listRules(ctx, currentAuth(request).user, request.query.limit),
  );

  r.post(
    '/api/automation/rules',
    {
      schema: {
        tags,
        summary: 'Create a rule: when an event happens and its conditions hold, run the actions',
        body: createAutomationRuleRequestSchema,
        response: { 201: automationRuleSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await automation.createRule(ctx, currentAuth(request).user, request.body)),
  );

  r.patch(
    '/api/automation/rules/:id',
    {
      schema: {
        tags,
        summary: 'Change a rule’s name, trigger or actions, or switch it on or off',
        params,
        body: updateAutomationRuleRequestSchema,
        response: {
          200: automationRuleSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => automation.updateRule(ctx, currentAuth(request).user, request.params.id, request.body),
  );

  r.delete(
    '/api/automation/rules/:id',
    {
      schema: {
        tags,
        summary: 'Delete a rule and its run history',
        params,
        response: { 204: z.null(), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await automation.deleteRule(ctx, currentAuth(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/automation/rules/:id/execute',
    {
      schema: {
        tags,
        summary:
          'Run an active rule’s actions now, with the event data given or a sample event (409 if inactive)',
        params,
        body: executeAutomationRuleRequestSchema,
        response: {
          200: automationRunSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) =>
      automation.executeRule(ctx, currentAuth(request).user, request.params.id, request.body ?? {}),
  );

  r.get(
    '/api/automation/rules/:id/runs',
    {
      schema: {
        tags,
        summary: 'A rule’s runs, newest first, with each action’s outcome',
        params,
        querystring: automationRunsQuerySchema,
        response: { 200: z.array(automationRunSchema), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      automation.listRuns(ctx, currentAuth(request).user, request.params.id, request.query.limit),
  );
}
