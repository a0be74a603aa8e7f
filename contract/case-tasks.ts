import { z } from 'zod';
import { CASE_CATEGORIES } from './cases.js';
import { listQuerySchema } from './lists.js';

/*
 * Tasks on a case and the templates that make them (design 12.5). Tasks are staff work: Directors make, assign and
 * move them; the case's client only ever sees how many are done (`tasks: {done, total}` on the case).
 */

export const TASK_STATUSES = ['todo', 'in_progress', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** What `?status=open` means: not finished either way. */
export const OPEN_TASK_STATUSES: readonly TaskStatus[] = ['todo', 'in_progress'];

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5_000;
/** A template's tasks may fall due at most a year after the case opens. */
export const TEMPLATE_DUE_MAX_HOURS = 24 * 366;
export const TEMPLATE_TASKS_MAX = 50;

const title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(TASK_TITLE_MAX, `Title must be at most ${TASK_TITLE_MAX} characters`);
const description = z
  .string()
  .trim()
  .max(TASK_DESCRIPTION_MAX, `Description must be at most ${TASK_DESCRIPTION_MAX} characters`);
const dueAt = z.iso.datetime({ offset: true, error: 'Enter a valid date and time' });

/** `POST /api/cases/{id}/tasks` (Directors). The assignee must be a Director. */
export const createTaskRequestSchema = z.object({
  title,
  description: description.optional(),
  assigneeId: z.string().max(100).nullable().optional(),
  dueAt: dueAt.nullable().optional(),
});
export type CreateTaskRequest = z.input<typeof createTaskRequestSchema>;

/** `PATCH /api/cases/{id}/tasks/{taskId}`: any of the fields; `null` clears the assignee or the due time. */
export const updateTaskRequestSchema = z
  .object({
    title: title.optional(),
    description: description.optional(),
    assigneeId: z.string().max(100).nullable().optional(),
    dueAt: dueAt.nullable().optional(),
    status: z
      .enum(TASK_STATUSES, { error: 'Status must be todo, in_progress, done or cancelled' })
      .optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Nothing to change',
  });
export type UpdateTaskRequest = z.input<typeof updateTaskRequestSchema>;

export const taskSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  caseNumber: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(TASK_STATUSES),
  assigneeId: z.string().nullable(),
  /** The assignee's name (or e-mail when no name is set). */
  assignee: z.string().nullable(),
  dueAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Task = z.infer<typeof taskSchema>;

/** `GET /api/tasks?assignee=me&status=open`: "My tasks" (the only assignee a caller may ask for is themself). */
export const myTasksQuerySchema = listQuerySchema.extend({
  assignee: z.literal('me', { error: 'assignee must be me' }).default('me'),
  status: z.enum(['open', 'all'], { error: 'status must be open or all' }).default('open'),
});

export const templateTaskSchema = z.object({
  title,
  description: description.optional(),
  /** Due this many hours after the template is applied; none when unset. */
  dueInHours: z
    .number({ error: 'Due in hours must be a whole number' })
    .int('Due in hours must be a whole number')
    .min(1, 'Due in hours must be at least 1')
    .max(TEMPLATE_DUE_MAX_HOURS, `Due in hours must be at most ${TEMPLATE_DUE_MAX_HOURS}`)
    .optional(),
});
export type TemplateTask = z.infer<typeof templateTaskSchema>;

/** `POST /api/case-templates` and `PUT /api/case-templates/{id}` (Directors). */
export const caseTemplateRequestSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  /** The case category it is for; none: a template applied by hand only. */
  category: z
    .enum(CASE_CATEGORIES, { error: 'Category must be one of the case categories' })
    .nullable()
    .optional(),
  /** Applied by itself when a case of its category is opened (needs a category). */
  autoApply: z.boolean().default(false),
  tasks: z
    .array(templateTaskSchema)
    .min(1, 'A template needs at least one task')
    .max(TEMPLATE_TASKS_MAX, `A template has at most ${TEMPLATE_TASKS_MAX} tasks`),
});
export type CaseTemplateRequest = z.input<typeof caseTemplateRequestSchema>;

export const caseTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(CASE_CATEGORIES).nullable(),
  autoApply: z.boolean(),
  tasks: z.array(templateTaskSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CaseTemplate = z.infer<typeof caseTemplateSchema>;

/** `POST /api/cases/{id}/apply-template`. */
export const applyTemplateRequestSchema = z.object({
  templateId: z.string({ error: 'Choose a template' }).max(100),
});
