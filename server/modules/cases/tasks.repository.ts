import { and, asc, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { OPEN_TASK_STATUSES } from '../../../contract/case-tasks.js';
import type { DbOrTx } from '../../db/client.js';
import { caseTasks, cases, users } from '../../db/schema/index.js';
import { displayName } from './cases.repository.js';

export type TaskRow = typeof caseTasks.$inferSelect;
export type NewTask = typeof caseTasks.$inferInsert;

const taskColumns = {
  task: caseTasks,
  caseNumber: cases.caseNumber,
  assignee: sql<string | null>`case when ${users.id} is null then null else ${displayName(users)} end`,
};
export interface TaskWithNames {
  task: TaskRow;
  caseNumber: string;
  assignee: string | null;
}

function selectTasks(db: DbOrTx) {
  return db
    .select(taskColumns)
    .from(caseTasks)
    .innerJoin(cases, eq(cases.id, caseTasks.caseId))
    .leftJoin(users, eq(users.id, caseTasks.assigneeId));
}

export async function insertTasks(db: DbOrTx, rows: NewTask[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const created = await db.insert(caseTasks).values(rows).returning({ id: caseTasks.id });
  return created.map((row) => row.id);
}

export async function findTasks(db: DbOrTx, ids: readonly string[]): Promise<TaskWithNames[]> {
  if (ids.length === 0) return [];
  return selectTasks(db)
    .where(inArray(caseTasks.id, [...ids]))
    .orderBy(asc(caseTasks.createdAt), asc(caseTasks.id));
}

/** A case's tasks in the order they were made (a checklist reads top down). */
export async function listForCase(db: DbOrTx, caseId: string): Promise<TaskWithNames[]> {
  return selectTasks(db)
    .where(eq(caseTasks.caseId, caseId))
    .orderBy(asc(caseTasks.createdAt), asc(caseTasks.id));
}

/** A task of one case, locked for its update. */
export async function lockTask(db: DbOrTx, caseId: string, taskId: string): Promise<TaskRow | null> {
  const [row] = await db
    .select()
    .from(caseTasks)
    .where(and(eq(caseTasks.id, taskId), eq(caseTasks.caseId, caseId)))
    .for('update');
  return row ?? null;
}

export async function updateTask(
  db: DbOrTx,
  id: string,
  changes: Partial<
    Pick<TaskRow, 'title' | 'description' | 'assigneeId' | 'dueAt' | 'status' | 'completedAt'>
  >,
): Promise<void> {
  await db.update(caseTasks).set(changes).where(eq(caseTasks.id, id));
}

/**
 * The tasks assigned to a user: soonest due first (those without a due time last), then newest. A task of a
 * merged case has moved with it, so none is left behind on a merged source.
 */
export async function listAssigned(
  db: DbOrTx,
  assigneeId: string,
  options: { openOnly: boolean; limit: number; dueBefore?: Date },
): Promise<TaskWithNames[]> {
  return selectTasks(db)
    .where(
      and(
        eq(caseTasks.assigneeId, assigneeId),
        options.openOnly ? inArray(caseTasks.status, [...OPEN_TASK_STATUSES]) : undefined,
        options.dueBefore
          ? and(isNotNull(caseTasks.dueAt), lt(caseTasks.dueAt, options.dueBefore))
          : undefined,
      ),
    )
    .orderBy(sql`${caseTasks.dueAt} asc nulls last`, desc(caseTasks.createdAt), desc(caseTasks.id))
    .limit(options.limit);
}

export async function moveTasks(db: DbOrTx, fromId: string, toId: string): Promise<void> {
  await db.update(caseTasks).set({ caseId: toId }).where(eq(caseTasks.caseId, fromId));
}

/** Done of all that are not cancelled. */
export async function progress(db: DbOrTx, caseId: string): Promise<{ done: number; total: number }> {
  const [row] = await db
    .select({
      done: sql<number>`count(*) filter (where ${caseTasks.status} = 'done')::int`,
      total: sql<number>`count(*) filter (where ${caseTasks.status} <> 'cancelled')::int`,
    })
    .from(caseTasks)
    .where(eq(caseTasks.caseId, caseId));
  return row ?? { done: 0, total: 0 };
}
