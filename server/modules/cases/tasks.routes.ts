import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyTemplateRequestSchema,
  caseTemplateRequestSchema,
  caseTemplateSchema,
  createTaskRequestSchema,
  myTasksQuerySchema,
  taskSchema,
  updateTaskRequestSchema,
} from '../../../contract/case-tasks.js';
import type { AppContext } from '../../infra/context.js';
import { access } from '../../lib/route-access.js';
import { currentAuth } from '../../plugins/auth.js';
import { errors } from '../../plugins/error-responses.js';
import * as templates from './case-templates.service.js';
import * as tasks from './tasks.service.js';

const tags = ['cases'];
const director = access.tier(4);
const caseParams = z.object({ id: z.string().max(100) });

/** Staff work on cases (design 12.5): tasks, "My tasks" and the templates that make tasks. Directors only. */
export async function taskRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/cases/:id/tasks',
    {
      config: { access: director },
      schema: {
        tags,
        summary: 'Add a task to a case (Directors); the assignee must be a Director',
        params: caseParams,
        body: createTaskRequestSchema,
        response: { 201: taskSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await tasks.createTask(ctx, currentAuth(request).user, request.params.id, request.body)),
  );

  r.get(
    '/api/cases/:id/tasks',
    {
      config: { access: director },
      schema: {
        tags,
        summary: "A case's tasks in the order they were made (Directors; clients see only the progress)",
        params: caseParams,
        response: { 200: z.array(taskSchema), ...errors(401, 403, 404) },
      },
    },
    async (request) => tasks.listTasks(ctx, currentAuth(request).user, request.params.id),
  );

  r.patch(
    '/api/cases/:id/tasks/:taskId',
    {
      config: { access: director },
      schema: {
        tags,
        summary: 'Change a task: title, description, assignee, due time or status (Directors)',
        params: caseParams.extend({ taskId: z.string().max(100) }),
        body: updateTaskRequestSchema,
        response: { 200: taskSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      tasks.updateTask(
        ctx,
        currentAuth(request).user,
        request.params.id,
        request.params.taskId,
        request.body,
      ),
  );

  r.get(
    '/api/tasks',
    {
      config: { access: director },
      schema: {
        tags,
        summary: 'My tasks: those assigned to me, open ones by default, soonest due first (Directors)',
        querystring: myTasksQuerySchema,
        response: { 200: z.array(taskSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) =>
      tasks.myTasks(ctx, currentAuth(request).user, request.query.status, request.query.limit),
  );

  r.get(
    '/api/case-templates',
    {
      config: { access: director },
      schema: {
        tags,
        summary: 'Case templates by name (Directors)',
        response: { 200: z.array(caseTemplateSchema), ...errors(401, 403) },
      },
    },
    async (request) => templates.listTemplates(ctx, currentAuth(request).user),
  );

  r.post(
    '/api/case-templates',
    {
      config: { access: director },
      schema: {
        tags,
        summary: 'Add a case template: a named task list, for a category, optionally applied at opening',
        body: caseTemplateRequestSchema,
        response: { 201: caseTemplateSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await templates.createTemplate(ctx, currentAuth(request).user, request.body)),
  );

  r.put(
    '/api/case-templates/:id',
    {
      config: { access: director },
      schema: {
        tags,
        summary: 'Replace a case template (cases it was applied to keep their tasks)',
        params: caseParams,
        body: caseTemplateRequestSchema,
        response: { 200: caseTemplateSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      templates.replaceTemplate(ctx, currentAuth(request).user, request.params.id, request.body),
  );

  r.delete(
    '/api/case-templates/:id',
    {
      config: { access: director },
      schema: {
        tags,
        summary: 'Remove a case template',
        params: caseParams,
        response: { 204: z.null(), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await templates.deleteTemplate(ctx, currentAuth(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/cases/:id/apply-template',
    {
      config: { access: director },
      schema: {
        tags,
        summary:
          'Apply a template to a case: its tasks are added, due counted from now; answers the tasks made',
        params: caseParams,
        body: applyTemplateRequestSchema,
        response: { 201: z.array(taskSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await templates.applyTemplate(
            ctx,
            currentAuth(request).user,
            request.params.id,
            request.body.templateId,
          ),
        ),
  );
}
