import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  automationRuleSchema,
  automationRunSchema,
  automationRunsQuerySchema,
  automationSigningSecretSchema,
  automationSigningSecretStatusSchema,
  createAutomationRuleRequestSchema,
  executeAutomationRuleRequestSchema,
  updateAutomationRuleRequestSchema,
} from '../../../contract/automation.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import { listQuerySchema } from '../../../contract/lists.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import * as automation from './automation.service.js';
import * as signing from './automation.signing.js';

const tags = ['automation'];
const params = z.object({ id: z.string().max(100) });

export async function automationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/automation/rules',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Your automation rules, newest first',
        querystring: listQuerySchema,
        response: { 200: z.array(automationRuleSchema), ...errors(401) },
      },
    },
    async (request) => automation.listRules(ctx, currentAuth(request).user, request.query.limit),
  );

  r.post(
    '/api/automation/rules',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Create a rule: when an event happens and its conditions hold, run the actions',
        body: createAutomationRuleRequestSchema,
        response: { 201: automationRuleSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await automation.createRule(ctx, currentAuth(request).user, request.body)),
  );

  r.patch(
    '/api/automation/rules/:id',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Change a rule’s name, trigger or actions, or switch it on or off',
        params,
        body: updateAutomationRuleRequestSchema,
        response: { 200: automationRuleSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => automation.updateRule(ctx, currentAuth(request).user, request.params.id, request.body),
  );

  r.delete(
    '/api/automation/rules/:id',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Delete a rule and its run history',
        params,
        response: { 204: z.null(), ...errors(401, 404) },
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
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'Run an active rule’s actions now, with the event data given or a sample event (409 if inactive)',
        params,
        body: executeAutomationRuleRequestSchema,
        response: { 200: automationRunSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) =>
      automation.executeRule(ctx, currentAuth(request).user, request.params.id, request.body ?? {}),
  );

  r.get(
    '/api/automation/rules/:id/runs',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'A rule’s runs, newest first, with each action’s outcome',
        params,
        querystring: automationRunsQuerySchema,
        response: { 200: z.array(automationRunSchema), ...errors(401, 404) },
      },
    },
    async (request) =>
      automation.listRuns(ctx, currentAuth(request).user, request.params.id, request.query.limit),
  );

  r.get(
    '/api/automation/signing-secret',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Whether your rules’ webhooks have a signing secret, and since when (never the secret)',
        response: { 200: automationSigningSecretStatusSchema, ...errors(401) },
      },
    },
    async (request) => signing.signingSecretStatus(ctx, currentAuth(request).user),
  );

  r.post(
    '/api/automation/signing-secret',
    {
      config: { access: access.user({ reauth: true }) },
      schema: {
        tags,
        summary:
          'A new secret for the X-Signature of your rules’ webhooks, replacing the previous one; shown only in this answer (needs a recent proof)',
        response: { 201: automationSigningSecretSchema, ...errors(401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await signing.rotateSigningSecret(ctx, currentAuth(request).user)),
  );
}
