import type { z } from 'zod';
import type { CaseTemplate, Task, caseTemplateRequestSchema } from '../../../contract/case-tasks.js';
import { HOUR_MS } from '../../../contract/service-levels.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext } from '../../infra/context.js';
import { notFound, tierRequired, validationFailed } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import type { CaseRow } from './cases.repository.js';
import * as repository from './case-templates.repository.js';
import type { TemplateRow } from './case-templates.repository.js';
import * as tasks from './tasks.service.js';

/*
 * Case templates (design 12.5): a named task list for a case category, applied by a Director by hand, or by itself
 * (`autoApply`) when a case of its category is opened. Applying copies the tasks: a later edit of the template
 * changes no case.
 */

type TemplateInput = z.output<typeof caseTemplateRequestSchema>;

function toTemplate(row: TemplateRow): CaseTemplate {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    autoApply: row.autoApply,
    tasks: row.tasks,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function requireDirector(user: UserRow): void {
  if (user.tier < DIRECTOR_TIER) throw tierRequired(DIRECTOR_TIER);
}

/** A template applied by itself needs the category it is applied for. */
function checked(input: TemplateInput) {
  if (input.autoApply && !input.category) {
    throw validationFailed([
      { path: 'category', message: 'A template applied automatically needs a category' },
    ]);
  }
  return {
    name: input.name,
    category: input.category ?? null,
    autoApply: input.autoApply,
    tasks: input.tasks,
  };
}

export async function listTemplates(ctx: AppContext, user: UserRow): Promise<CaseTemplate[]> {
  requireDirector(user);
  return (await repository.listTemplates(ctx.db)).map(toTemplate);
}

export async function createTemplate(
  ctx: AppContext,
  user: UserRow,
  input: TemplateInput,
): Promise<CaseTemplate> {
  requireDirector(user);
  return toTemplate(await repository.insertTemplate(ctx.db, { ...checked(input), createdBy: user.id }));
}

export async function replaceTemplate(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: TemplateInput,
): Promise<CaseTemplate> {
  requireDirector(user);
  const values = checked(input);
  const row = isId(id) ? await repository.updateTemplate(ctx.db, id, values) : null;
  if (!row) throw notFound('Template');
  return toTemplate(row);
}

export async function deleteTemplate(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  requireDirector(user);
  if (!(isId(id) && (await repository.deleteTemplate(ctx.db, id)))) throw notFound('Template');
}

/** Copies the template's tasks onto a case the caller holds locked; due times count from `at`. */
async function copyTasks(
  db: DbOrTx,
  template: TemplateRow,
  row: CaseRow,
  at: Date,
  createdBy: string | null,
): Promise<string[]> {
  return tasks.insertTasks(
    db,
    template.tasks.map((task, index) => ({
      caseId: row.id,
      // One statement gives every row the same now(): a millisecond apart keeps the template's order on the case.
      createdAt: new Date(at.getTime() + index),
      title: task.title,
      description: task.description ?? '',
      dueAt: task.dueInHours ? new Date(at.getTime() + task.dueInHours * HOUR_MS) : null,
      createdBy,
    })),
  );
}

/** `POST /api/cases/{id}/apply-template`: the tasks it made, in the template's order. */
export async function applyTemplate(
  ctx: AppContext,
  user: UserRow,
  caseId: string,
  templateId: string,
): Promise<Task[]> {
  requireDirector(user);
  const ids = await ctx.db.transaction(async (tx) => {
    const row = await tasks.lockWorkableCase(tx, caseId);
    const template = isId(templateId) ? await repository.findTemplate(tx, templateId) : null;
    if (!template) throw validationFailed([{ path: 'templateId', message: 'No such template' }]);
    return copyTasks(tx, template, row, ctx.now(), user.id);
  });
  return tasks.findTasks(ctx.db, ids);
}

/** Opening a case: every auto-applied template of its category, in the opening's transaction. */
export async function applyAutomatic(ctx: AppContext, db: DbOrTx, row: CaseRow): Promise<void> {
  for (const template of await repository.autoTemplates(db, row.category)) {
    await copyTasks(db, template, row, ctx.now(), null);
  }
}
