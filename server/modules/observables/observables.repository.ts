import { and, asc, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { ObservableType } from '../../../contract/observables.js';
import type { ThreatSeverity, TlpLevel } from '../../../contract/threats.js';
import type { DbOrTx } from '../../db/client.js';
import { caseObservables, cases, observableMatches, threatIntelligence } from '../../db/schema/index.js';

export type ObservableRow = typeof caseObservables.$inferSelect;
export type NewObservable = typeof caseObservables.$inferInsert;
export type NewMatch = typeof observableMatches.$inferInsert;

/** The case an observable belongs to, as far as observables need it. */
export interface CaseRef {
  id: string;
  userId: string;
  /** The organisation it is shared with (design 12.3); null: private. */
  organizationId: string | null;
  caseNumber: string;
}

const CHUNK = 1_000;
function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

const caseRef = {
  id: cases.id,
  userId: cases.userId,
  organizationId: cases.organizationId,
  caseNumber: cases.caseNumber,
};

export async function findCase(db: DbOrTx, id: string): Promise<CaseRef | null> {
  const [row] = await db.select(caseRef).from(cases).where(eq(cases.id, id));
  return row ?? null;
}

/**
 * Rows holding one of these (type, value) pairs, found by value through the (value, type) index (a list of row
 * comparisons would not use it); the caller keeps the exact pairs.
 */
const pairsIn = (pairs: readonly { type: string; value: string }[]): SQL | undefined =>
  and(
    inArray(caseObservables.value, [...new Set(pairs.map((pair) => pair.value))]),
    inArray(caseObservables.type, [...new Set(pairs.map((pair) => pair.type as ObservableType))]),
  );

const holds = (pairs: readonly { type: string; value: string }[]) => {
  const wanted = new Set(pairs.map(({ type, value }) => `${type}\u0000${value}`));
  return (row: { type: string; value: string }) => wanted.has(`${row.type}\u0000${row.value}`);
};

/** Observables of the case among these (type, value) pairs; internal ones only when asked. */
export async function findOnCase(
  db: DbOrTx,
  caseId: string,
  pairs: readonly { type: ObservableType; value: string }[],
  includeInternal: boolean,
): Promise<Pick<ObservableRow, 'type' | 'value' | 'isInternal'>[]> {
  if (!pairs.length) return [];
  const rows = await db
    .select({
      type: caseObservables.type,
      value: caseObservables.value,
      isInternal: caseObservables.isInternal,
    })
    .from(caseObservables)
    .where(
      and(
        eq(caseObservables.caseId, caseId),
        pairsIn(pairs),
        includeInternal ? undefined : eq(caseObservables.isInternal, false),
      ),
    );
  return rows.filter(holds(pairs));
}

export async function insertObservables(
  db: DbOrTx,
  rows: readonly NewObservable[],
): Promise<ObservableRow[]> {
  const inserted: ObservableRow[] = [];
  for (const part of chunks(rows, 500))
    inserted.push(...(await db.insert(caseObservables).values(part).returning()));
  return inserted;
}

/** The case's observables, newest first; internal ones only when asked. */
export async function listObservables(
  db: DbOrTx,
  caseId: string,
  options: { includeInternal: boolean; limit: number },
): Promise<ObservableRow[]> {
  return db
    .select()
    .from(caseObservables)
    .where(
      and(
        eq(caseObservables.caseId, caseId),
        options.includeInternal ? undefined : eq(caseObservables.isInternal, false),
      ),
    )
    .orderBy(desc(caseObservables.createdAt), desc(caseObservables.id))
    .limit(options.limit);
}

export async function findObservable(db: DbOrTx, caseId: string, id: string): Promise<ObservableRow | null> {
  const [row] = await db
    .select()
    .from(caseObservables)
    .where(and(eq(caseObservables.caseId, caseId), eq(caseObservables.id, id)));
  return row ?? null;
}

export async function deleteObservable(db: DbOrTx, id: string): Promise<void> {
  await db.delete(caseObservables).where(eq(caseObservables.id, id));
}

/** One match as a case shows it: the indicator and the intelligence record carrying it. */
export interface MatchView {
  observableId: string;
  threatId: string;
  stixId: string;
  title: string;
  severity: ThreatSeverity;
  tlp: TlpLevel;
  matchedAt: Date;
}

/** The matches of these observables, most severe first, without records under the markings the reader may not see. */
export async function matchesOf(
  db: DbOrTx,
  observableIds: readonly string[],
  hiddenTlp: readonly TlpLevel[],
): Promise<MatchView[]> {
  const found: MatchView[] = [];
  for (const part of chunks(observableIds)) {
    if (!part.length) continue;
    found.push(
      ...(await db
        .select({
          observableId: observableMatches.observableId,
          threatId: observableMatches.threatId,
          stixId: observableMatches.indicatorStixId,
          title: threatIntelligence.title,
          severity: threatIntelligence.severity,
          tlp: threatIntelligence.tlp,
          matchedAt: observableMatches.matchedAt,
        })
        .from(observableMatches)
        .innerJoin(threatIntelligence, eq(threatIntelligence.id, observableMatches.threatId))
        .where(
          and(
            inArray(observableMatches.observableId, [...part]),
            hiddenTlp.length ? notInArray(threatIntelligence.tlp, [...hiddenTlp]) : undefined,
          ),
        )
        .orderBy(asc(threatIntelligence.severity), asc(observableMatches.matchedAt))),
    );
  }
  return found;
}

/** Observables on any case holding one of these (type, value) pairs, with their case (matching a new indicator). */
export async function observablesWithValues(
  db: DbOrTx,
  pairs: readonly { type: string; value: string }[],
): Promise<{ observable: ObservableRow; case: CaseRef }[]> {
  const found: { observable: ObservableRow; case: CaseRef }[] = [];
  for (const part of chunks(pairs)) {
    if (!part.length) continue;
    const rows = await db
      .select({
        observable: caseObservables,
        case: caseRef,
      })
      .from(caseObservables)
      .innerJoin(cases, eq(cases.id, caseObservables.caseId))
      .where(pairsIn(part));
    const keep = holds(part);
    found.push(...rows.filter((row) => keep(row.observable)));
  }
  return found;
}

/** Records matches; one already recorded is left alone. Returns those that are new. */
export async function insertMatches(
  db: DbOrTx,
  rows: readonly NewMatch[],
): Promise<(typeof observableMatches.$inferSelect)[]> {
  const inserted: (typeof observableMatches.$inferSelect)[] = [];
  for (const part of chunks(rows, 500)) {
    if (part.length)
      inserted.push(...(await db.insert(observableMatches).values(part).onConflictDoNothing().returning()));
  }
  return inserted;
}

/**
 * Moves every observable (and its matches) of one case to another, for merging cases: a value the target already
 * holds for the same audience stays the target's, and the source's copy goes.
 */
export async function moveObservables(db: DbOrTx, fromCaseId: string, toCaseId: string): Promise<void> {
  await db.execute(sql`delete from ${caseObservables} s where s.case_id = ${fromCaseId} and exists (
    select 1 from ${caseObservables} t where t.case_id = ${toCaseId} and t.type = s.type and t.value = s.value
      and t.is_internal = s.is_internal)`);
  await db.update(caseObservables).set({ caseId: toCaseId }).where(eq(caseObservables.caseId, fromCaseId));
  await db
    .update(observableMatches)
    .set({ caseId: toCaseId })
    .where(eq(observableMatches.caseId, fromCaseId));
}

/**
 * A user's observables for their data export: those on their own cases that they may see and those they added,
 * oldest first.
 */
export async function observablesOfOwner(db: DbOrTx, userId: string) {
  return db
    .select({
      id: caseObservables.id,
      caseId: caseObservables.caseId,
      caseNumber: cases.caseNumber,
      type: caseObservables.type,
      value: caseObservables.value,
      tlp: caseObservables.tlp,
      isIoc: caseObservables.isIoc,
      tags: caseObservables.tags,
      description: caseObservables.description,
      createdAt: caseObservables.createdAt,
    })
    .from(caseObservables)
    .innerJoin(cases, eq(cases.id, caseObservables.caseId))
    .where(
      or(
        and(eq(cases.userId, userId), eq(caseObservables.isInternal, false)),
        eq(caseObservables.addedBy, userId),
      ),
    )
    .orderBy(asc(caseObservables.createdAt), asc(caseObservables.id));
}
