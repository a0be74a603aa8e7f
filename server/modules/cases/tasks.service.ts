import type { z } from 'zod';
import type { Task, createTaskRequestSchema, updateTaskRequestSchema } from '../../../contract/case-tasks.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext } from '../../infra/context.js';
import { conflict, notFound, tierRequired, validationFailed } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as auth from '../auth/auth.service.js';
import * as notifications from '../notifications/notifications.service.js';
import * as cases from './cases.repository.js';
import { publishCaseUpdated } from './case-events.js';
import type { CaseRow } from './cases.repository.js';
import * as repository from './tasks.repository.js';
import type { NewTask, TaskWithNames } from './tasks.repository.js';

/*
 * Tasks on a case (design 12.5): staff work, made, assigned and moved by Directors. The case's client sees only the
 * progress on the case (`tasks: {done, total}`, read with the case itself in cases.repository).
 */

type CreateInput = z.output<typeof createTaskRequestSchema>;
type UpdateInput = z.output<typeof updateTaskRequestSchema>;

export function toTask({ task, caseNumber, assignee }: TaskWithNames): Task {
  return {
    id: task.id,
    caseId: task.caseId,
    caseNumber,
    title: task.title,
    description: task.description,
    status: task.status,
    assigneeId: task.assigneeId,
    assignee,
    dueAt: task.dueAt?.toISOString() ?? null,
    completedAt: task.completedAt?.toISOString() ?? null,
    createdAt: task.createdAt.toISOString(),
  };
}

function requireDirector(user: UserRow): void {
  if (user.tier < DIRECTOR_TIER) throw tierRequired(DIRECTOR_TIER);
}

/**
 * The case, locked for a change to its tasks: 404 when there is none, 409 when it was merged (its tasks live on the
 * case it went into now).
 */
export async function lockWorkableCase(db: DbOrTx, caseId: string): Promise<CaseRow> {
  const found = isId(caseId) ? await cases.lockCase(db, caseId) : null;
  if (!found) throw notFound('Case');
  if (found.mergedIntoId) throw conflict('This case was merged into another; work on that case instead');
  return found;
}

/** The assignee must be a Director (tasks are staff work): 400 at `assigneeId` otherwise. */
async function checkAssignee(db: DbOrTx, assigneeId: string | null | undefined): Promise<UserRow | null> {
  if (!assigneeId) return null;
  const assignee = await auth.findUser(db, assigneeId);
  if (!assignee || assignee.tier < DIRECTOR_TIER) {
    throw validationFailed([{ path: 'assigneeId', message: 'The assignee must be a Director (tier 4)' }]);
  }
  return assignee;
}

/** Tells a Director a task was given to them by someone else, in the change's transaction. */
async function tellAssignee(
  ctx: AppContext,
  db: DbOrTx,
  by: UserRow,
  assignee: UserRow | null,
  row: CaseRow,
  title: string,
): Promise<void> {
  if (!assignee || assignee.id === by.id) return;
  await notifications.notify(ctx, db, {
    userId: assignee.id,
    type: 'case_update',
    title: `${row.caseNumber}: a task for you`,
    message: title.slice(0, 500),
    actionUrl: `/cases?case=${row.id}`,
    about: { type: 'case', id: row.id, number: row.caseNumber, change: 'a task assigned to you' },
  });
}

/** Inserts tasks on a case already locked by the caller; their ids in order. */
export async function insertTasks(db: DbOrTx, rows: NewTask[]): Promise<string[]> {
  return repository.insertTasks(db, rows);
}

export async function findTasks(db: DbOrTx, ids: readonly string[]): Promise<Task[]> {
  return (await repository.findTasks(db, ids)).map(toTask);
}

export async function createTask(
  ctx: AppContext,
  user: UserRow,
  caseId: string,
  input: CreateInput,
): Promise<Task> {
  requireDirector(user);
  const id = await ctx.db.transaction(async (tx) => {
    const row = await lockWorkableCase(tx, caseId);
    const assignee = await checkAssignee(tx, input.assigneeId);
    const [created] = await repository.insertTasks(tx, [
      {
        caseId: row.id,
        title: input.title,
        description: input.description ?? '',
        assigneeId: assignee?.id ?? null,
        dueAt: input.dueAt ? new Date(input.dueAt) : null,
        createdBy: user.id,
      },
    ]);
    await tellAssignee(ctx, tx, user, assignee, row, input.title);
    await cases.touchCase(tx, row.id);
    // Tasks are staff work: Directors' streams hear of them, the client's do not.
    await publishCaseUpdated(tx, row, { visible: false });
    return created!;
  });
  return (await findTasks(ctx.db, [id]))[0]!;
}

export async function listTasks(ctx: AppContext, user: UserRow, caseId: string): Promise<Task[]> {
  requireDirector(user);
  const found = isId(caseId) ? await cases.findCase(ctx.db, caseId) : null;
  if (!found) throw notFound('Case');
  return (await repository.listForCase(ctx.db, found.case.id)).map(toTask);
}

/** Any field; `done` stamps `completedAt` (kept when it was done already), any other status clears it. */
export async function updateTask(
  ctx: AppContext,
  user: UserRow,
  caseId: string,
  taskId: string,
  input: UpdateInput,
): Promise<Task> {
  requireDirector(user);
  await ctx.db.transaction(async (tx) => {
    const row = await lockWorkableCase(tx, caseId);
    const task = isId(taskId) ? await repository.lockTask(tx, row.id, taskId) : null;
    if (!task) throw notFound('Task');
    const assignee =
      input.assigneeId !== undefined && input.assigneeId !== task.assigneeId
        ? await checkAssignee(tx, input.assigneeId)
        : null;
    const status = input.status ?? task.status;
    await repository.updateTask(tx, task.id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
      ...(input.dueAt !== undefined ? { dueAt: input.dueAt ? new Date(input.dueAt) : null } : {}),
      status,
      completedAt: status === 'done' ? (task.completedAt ?? ctx.now()) : null,
    });
    await tellAssignee(ctx, tx, user, assignee, row, input.title ?? task.title);
    await cases.touchCase(tx, row.id);
    await publishCaseUpdated(tx, row, { visible: false });
  });
  return (await findTasks(ctx.db, [taskId]))[0]!;
}

/** "My tasks": the caller's tasks, open ones unless `all` is asked for. */
export async function myTasks(
  ctx: AppContext,
  user: UserRow,
  status: 'open' | 'all',
  limit: number,
): Promise<Task[]> {
  requireDirector(user);
  const rows = await repository.listAssigned(ctx.db, user.id, { openOnly: status === 'open', limit });
  return rows.map(toTask);
}

/** The caller's open tasks already past their due time, soonest first (the dashboard's warning). */
export async function overdueFor(ctx: AppContext, userId: string, limit: number): Promise<Task[]> {
  const rows = await repository.listAssigned(ctx.db, userId, {
    openOnly: true,
    limit,
    dueBefore: ctx.now(),
  });
  return rows.map(toTask);
}

/** Merge: the tasks go with the rest of the case. */
export async function moveTasks(db: DbOrTx, fromId: string, toId: string): Promise<void> {
  await repository.moveTasks(db, fromId, toId);
}

/** What a client may know of a case's tasks: how many are done of how many (the case report prints it). */
export async function progressOf(db: DbOrTx, caseId: string): Promise<{ done: number; total: number }> {
  return repository.progress(db, caseId);
}
