import { and, asc, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { liveEvents, type LiveEventRow } from '../../db/schema/events.js';

export type { LiveEventRow };
export type NewLiveEvent = typeof liveEvents.$inferInsert;

export async function insert(db: DbOrTx, rows: NewLiveEvent[]): Promise<void> {
  if (rows.length > 0) await db.insert(liveEvents).values(rows);
}

/** The rows the change feed announced, by id, in id order. */
export async function findByIds(db: DbOrTx, ids: readonly number[]): Promise<LiveEventRow[]> {
  return db
    .select()
    .from(liveEvents)
    .where(inArray(liveEvents.id, [...ids]))
    .orderBy(asc(liveEvents.id));
}

/** Who a replay is for: the rows a reader may see (the stream's rule, in SQL). */
export interface ReplayReader {
  userId: string;
  organizationId: string | null;
  staff: boolean;
}

function visibleTo(reader: ReplayReader): SQL {
  const rules: SQL[] = [sql`${liveEvents.userId} = ${reader.userId}`];
  if (reader.organizationId) rules.push(sql`${liveEvents.organizationId} = ${reader.organizationId}`);
  if (reader.staff) rules.push(sql`${liveEvents.staff}`);
  return or(...rules)!;
}

/** A reader's rows after `afterId` made since `since`, oldest first, at most `limit`. */
export async function listAfter(
  db: DbOrTx,
  reader: ReplayReader,
  afterId: number,
  since: Date,
  limit: number,
): Promise<LiveEventRow[]> {
  return db
    .select()
    .from(liveEvents)
    .where(and(gt(liveEvents.id, afterId), gt(liveEvents.createdAt, since), visibleTo(reader)))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/** When row `id` was made; null when there is no such row (never made, or purged). */
export async function createdAtOf(db: DbOrTx, id: number): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: liveEvents.createdAt })
    .from(liveEvents)
    .where(sql`${liveEvents.id} = ${id}`);
  return row?.createdAt ?? null;
}

/** The newest row's id (0 when there is none): where a new stream starts. */
export async function lastId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: sql<string | null>`max(${liveEvents.id})` }).from(liveEvents);
  return Number(row?.id ?? 0);
}

export async function deleteBefore(db: DbOrTx, before: Date): Promise<number> {
  const deleted = await db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, before))
    .returning({ id: liveEvents.id });
  return deleted.length;
}
