import { aliasedTable, and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { shownEmail } from '../../db/deleted-users.js';
import { caseTasks, caseUpdates, cases, users } from '../../db/schema/index.js';
import { slaFilters, slaOrder } from '../../db/service-levels.js';
import type { SlaListOptions } from '../../../contract/service-levels.js';

export type CaseRow = typeof cases.$inferSelect;
/** A new case's values; the service-level due times may be SQL (`now()` plus the target, decision 019). */
export type NewCase = PgInsertValue<typeof cases>;
export type NewCaseUpdate = typeof caseUpdates.$inferInsert;

const agents = aliasedTable(users, 'agents');
const owners = aliasedTable(users, 'owners');
const targets = aliasedTable(cases, 'merge_targets');
/** A person's name, or their (shown) e-mail when they gave none. */
export const displayName = (table: typeof users) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${table.firstName}, ${table.lastName})), ''), ${shownEmail(table)})`;

const caseColumns = {
  case: cases,
  assignedAgent: sql<string | null>`case when ${agents.id} is null then null else ${displayName(agents)} end`,
  ownerEmail: shownEmail(owners),
  mergedIntoNumber: targets.caseNumber,
  // Cancelled tasks count as neither done nor to do.
  tasksDone: sql<number>`(select count(*)::int from ${caseTasks} where ${caseTasks.caseId} = ${cases.id} and ${caseTasks.status} = 'done')`,
  tasksTotal: sql<number>`(select count(*)::int from ${caseTasks} where ${caseTasks.caseId} = ${cases.id} and ${caseTasks.status} <> 'cancelled')`,
};

function selectCases(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(caseColumns)
    .from(cases)
    .innerJoin(owners, eq(owners.id, cases.userId))
    .leftJoin(agents, eq(agents.id, cases.assignedAgentId))
    .leftJoin(targets, eq(targets.id, cases.mergedIntoId))
    .where(where);
}

export interface CaseWithNames {
  case: CaseRow;
  assignedAgent: string | null;
  ownerEmail: string;
  mergedIntoNumber: string | null;
  tasksDone: number;
  tasksTotal: number;
}

/** Which cases a list holds (every list leaves merged cases out). */
export interface CaseFilter {
  ownerId?: string;
  /** With `ownerId`: the organisation whose shared cases the owner reads too. */
  sharedWith?: string | null;
  visibility?: 'private' | 'organization';
  agentId?: string;
  /** Open and unassigned: the Directors' queue. */
  queue?: boolean;
  /** A case number, exactly (a merged case's number gives the case it went into), or words of the title. */
  text?: string;
}

/** `%`, `_` and `\` are LIKE's own: typed text matches them literally. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function textMatch(text: string): SQL {
  return or(
    sql`upper(${cases.caseNumber}) = upper(${text})`,
    ilike(cases.title, likeText(text)),
    // A merged case's number finds the case it went into (merges re-point earlier sources, so one step suffices).
    sql`${cases.id} in (select m.merged_into_id from ${cases} m where upper(m.case_number) = upper(${text}))`,
  )!;
}

export async function insertCase(db: DbOrTx, row: NewCase): Promise<CaseRow> {
  const [created] = await db.insert(cases).values(row).returning();
  return created!;
}

/**
 * `ownerId`: that user's cases, and with `sharedWith` also those shared with that organisation (design 12.3);
 * `visibility` keeps only the shared or only the private ones.
 */
function readableBy(filter: CaseFilter): SQL | undefined {
  if (!filter.ownerId) return undefined;
  const own = eq(cases.userId, filter.ownerId);
  const shared = filter.sharedWith ? eq(cases.organizationId, filter.sharedWith) : undefined;
  if (filter.visibility === 'private') return and(own, isNull(cases.organizationId));
  if (filter.visibility === 'organization') return shared ?? sql`false`;
  return shared ? or(own, shared) : own;
}

export async function listCases(
  db: DbOrTx,
  filter: CaseFilter,
  limit: number,
  /** The Directors' service-level order and filters, read at `now` (the context's clock). */
  sla?: { options: SlaListOptions; now: Date },
): Promise<CaseWithNames[]> {
  const conditions = [
    readableBy(filter),
    filter.agentId ? eq(cases.assignedAgentId, filter.agentId) : undefined,
    filter.queue ? and(eq(cases.status, 'open'), isNull(cases.assignedAgentId)) : undefined,
    filter.text ? textMatch(filter.text) : undefined,
    isNull(cases.mergedIntoId),
    ...(sla ? slaFilters(cases, sla.options, sla.now) : []),
  ];
  return selectCases(db, and(...conditions))
    .orderBy(...slaOrder(cases, sla?.options), desc(cases.createdAt), desc(cases.id))
    .limit(limit);
}

export async function findCase(db: DbOrTx, id: string): Promise<CaseWithNames | null> {
  const [row] = await selectCases(db, eq(cases.id, id));
  return row ?? null;
}

export async function lockCase(db: DbOrTx, id: string): Promise<CaseRow | null> {
  const [row] = await db.select().from(cases).where(eq(cases.id, id)).for('update');
  return row ?? null;
}

export async function updateCase(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<CaseRow, 'status' | 'assignedAgentId' | 'estimatedCost' | 'attackTechniques'>>,
): Promise<void> {
  await db
    .update(cases)
    .set({
      ...changes,
      updatedAt: sql`now()`,
      ...(changes.status === 'closed' ? { closedAt: sql`now()` } : {}),
    })
    .where(eq(cases.id, id));
}

export async function touchCase(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(cases)
    .set({ updatedAt: sql`now()` })
    .where(eq(cases.id, id));
}

export async function insertUpdate(db: DbOrTx, row: NewCaseUpdate) {
  const [created] = await db.insert(caseUpdates).values(row).returning();
  return created!;
}

export async function listUpdates(db: DbOrTx, caseId: string, options: { includeInternal: boolean }) {
  return db
    .select({
      id: caseUpdates.id,
      title: caseUpdates.title,
      updateType: caseUpdates.updateType,
      content: caseUpdates.content,
      isInternal: caseUpdates.isInternal,
      author: sql<string | null>`case when ${users.id} is null then null else ${displayName(users)} end`,
      createdAt: caseUpdates.createdAt,
    })
    .from(caseUpdates)
    .leftJoin(users, eq(users.id, caseUpdates.authorId))
    .where(
      and(
        eq(caseUpdates.caseId, caseId),
        options.includeInternal ? undefined : eq(caseUpdates.isInternal, false),
      ),
    )
    .orderBy(asc(caseUpdates.createdAt), asc(caseUpdates.id));
}

/** Locks two cases in one order (by id), so two merges of the same pair in opposite directions cannot deadlock. */
export async function lockCases(db: DbOrTx, ids: readonly [string, string]): Promise<CaseRow[]> {
  return db
    .select()
    .from(cases)
    .where(inArray(cases.id, [...ids]))
    .orderBy(asc(cases.id))
    .for('update');
}

/** Marks `sourceId` merged into `targetId`, and points the cases merged into the source earlier at the target. */
export async function markMerged(db: DbOrTx, sourceId: string, targetId: string, at: Date): Promise<void> {
  await db
    .update(cases)
    .set({ mergedIntoId: targetId, mergedAt: at, updatedAt: sql`now()` })
    .where(or(eq(cases.id, sourceId), eq(cases.mergedIntoId, sourceId)));
}

/** Moves every update of one case to another (their times keep them in order on the target's timeline). */
export async function moveUpdates(db: DbOrTx, fromId: string, toId: string): Promise<void> {
  await db.update(caseUpdates).set({ caseId: toId }).where(eq(caseUpdates.caseId, fromId));
}

/** Shares the case with an organisation, or (null) makes it private again. */
export async function setOrganization(db: DbOrTx, id: string, organizationId: string | null): Promise<void> {
  await db
    .update(cases)
    .set({ organizationId, updatedAt: sql`now()` })
    .where(eq(cases.id, id));
}
