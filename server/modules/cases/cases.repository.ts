import { aliasedTable, and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { shownEmail } from '../../db/deleted-users.js';
import { caseUpdates, cases, users } from '../../db/schema/index.js';
import { slaFilters, slaOrder } from '../../db/service-levels.js';
import type { SlaListOptions } from '../../../contract/service-levels.js';

export type CaseRow = typeof cases.$inferSelect;
/** A new case's values; the service-level due times may be SQL (`now()` plus the target, decision 019). */
export type NewCase = PgInsertValue<typeof cases>;
export type NewCaseUpdate = typeof caseUpdates.$inferInsert;

const agents = aliasedTable(users, 'agents');
const owners = aliasedTable(users, 'owners');
const displayName = (table: typeof users) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${table.firstName}, ${table.lastName})), ''), ${shownEmail(table)})`;

const caseColumns = {
  case: cases,
  assignedAgent: sql<string | null>`case when ${agents.id} is null then null else ${displayName(agents)} end`,
  ownerEmail: shownEmail(owners),
};

function selectCases(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(caseColumns)
    .from(cases)
    .innerJoin(owners, eq(owners.id, cases.userId))
    .leftJoin(agents, eq(agents.id, cases.assignedAgentId))
    .where(where);
}

export interface CaseWithNames {
  case: CaseRow;
  assignedAgent: string | null;
  ownerEmail: string;
}

export async function insertCase(db: DbOrTx, row: NewCase): Promise<CaseRow> {
  const [created] = await db.insert(cases).values(row).returning();
  return created!;
}

export async function listCases(
  db: DbOrTx,
  filter: { ownerId?: string; agentId?: string },
  limit: number,
  /** The Directors' service-level order and filters, read at `now` (the context's clock). */
  sla?: { options: SlaListOptions; now: Date },
): Promise<CaseWithNames[]> {
  const conditions = [
    filter.ownerId ? eq(cases.userId, filter.ownerId) : undefined,
    filter.agentId ? eq(cases.assignedAgentId, filter.agentId) : undefined,
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
  changes: Partial<Pick<CaseRow, 'status' | 'assignedAgentId' | 'estimatedCost'>>,
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
