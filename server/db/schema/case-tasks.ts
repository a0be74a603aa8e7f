import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CASE_CATEGORIES } from '../../../contract/cases.js';
import { TASK_STATUSES, type TemplateTask } from '../../../contract/case-tasks.js';
import { cases } from './cases.js';
import { createdAt, updatedAt } from './columns.js';
import { users } from './users.js';

export const caseTaskStatusEnum = pgEnum('case_task_status', TASK_STATUSES);

/** Staff tasks on a case (design 12.5); the client only ever sees how many are done. */
export const caseTasks = pgTable(
  'case_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: caseTaskStatusEnum('status').notNull().default('todo'),
    /** Set null: a departed Director's tasks stay on the case, unassigned. */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** When it was last marked done; cleared when it is reopened. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('case_tasks_done_has_completed_at', sql`(${t.status} = 'done') = (${t.completedAt} is not null)`),
    index('case_tasks_case_created_idx').on(t.caseId, t.createdAt),
    // "My tasks" and the dashboard's overdue tasks.
    index('case_tasks_assignee_due_idx').on(t.assigneeId, t.dueAt),
  ],
);

/** Named task lists per case category, applied by hand or when a case of that category opens. */
export const caseTemplates = pgTable(
  'case_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category: text('category', { enum: CASE_CATEGORIES }),
    autoApply: boolean('auto_apply').notNull().default(false),
    /** Validated by the contract's schema on the way in; a template is always read and applied whole. */
    tasks: jsonb('tasks').$type<TemplateTask[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('case_templates_auto_apply_has_category', sql`not ${t.autoApply} or ${t.category} is not null`),
    index('case_templates_category_idx').on(t.category),
  ],
);
