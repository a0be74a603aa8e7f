import {
  extractObservables,
  type ExtractedObservable,
  type Observable,
  type ObservableInput,
} from '../../../contract/observables.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { AppError, forbidden, notFound, type Issue } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as audit from '../audit/audit.service.js';
import { mayContribute, recordAccess, type Viewer } from '../organization/record-access.js';
import { readerGate } from '../threats/threats.service.js';
import { matchNewObservables } from './observables.matching.js';
import * as repository from './observables.repository.js';
import type { CaseRef, MatchView, ObservableRow } from './observables.repository.js';

/*
 * Observables on cases (design 12.5): the case's owner and Directors add, list and remove them; only Directors see
 * or set internal ones. Matching against the intelligence store is in observables.matching.ts.
 */

const isDirector = (user: Pick<UserRow, 'tier'>) => user.tier >= DIRECTOR_TIER;

/** The owner and Directors reach a case's observables; anyone else (and a malformed id) gets the same 404. */
/**
 * The case, when `user` may read it (its owner, a Director, a member of the organisation it is shared with), else
 * 404; with `contribute`, 403 for a member who only reads it (design 12.5: the owner, the organisation's owners and
 * admins, and Directors add and remove observables).
 */
async function visibleCase(
  ctx: AppContext,
  user: UserRow & Viewer,
  caseId: string,
  { contribute = false } = {},
): Promise<CaseRef> {
  const found = isId(caseId) ? await repository.findCase(ctx.db, caseId) : null;
  const access = found ? recordAccess(user, found) : null;
  if (!found || !access) throw notFound('Case');
  if (contribute && !mayContribute(access)) {
    throw forbidden(
      'Only owners and admins of your organisation can change the observables of a shared case',
    );
  }
  return found;
}

function toObservable(row: ObservableRow, matches: MatchView[]): Observable {
  return {
    id: row.id,
    type: row.type,
    value: row.value,
    tlp: row.tlp,
    isIoc: row.isIoc,
    isInternal: row.isInternal,
    tags: row.tags,
    description: row.description,
    matches: matches
      .filter((match) => match.observableId === row.id)
      .map(({ threatId, stixId, title, severity }) => ({ threatId, stixId, title, severity })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The observables with the matches `user` may see (no intelligence record under a marking their tier may not read). */
async function withMatches(
  ctx: AppContext,
  user: UserRow & Viewer,
  rows: ObservableRow[],
): Promise<Observable[]> {
  const matches = await repository.matchesOf(
    ctx.db,
    rows.map((row) => row.id),
    readerGate(user).hiddenTlp,
  );
  return rows.map((row) => toObservable(row, matches));
}

const duplicateMessage = (input: Pick<ObservableInput, 'type' | 'value'>) =>
  `This case already holds the ${input.type} ${input.value}`;

/**
 * Adds observables to a case, all or none: internal ones only by a Director (403), a value the case already holds
 * for the same reader (a Director: any) is a 409 naming each. Matched against the stored indicators in the same
 * transaction (sightings, Directors told); the rule events follow the commit.
 */
async function addObservables(
  ctx: AppContext,
  user: UserRow & Viewer,
  caseId: string,
  inputs: ObservableInput[],
  paths: (index: number) => string,
): Promise<ObservableRow[]> {
  const found = await visibleCase(ctx, user, caseId, { contribute: true });
  if (!isDirector(user) && inputs.some((input) => input.isInternal)) {
    throw forbidden('Only a Director can add internal observables');
  }
  const clashes = await repository.findOnCase(ctx.db, found.id, inputs, isDirector(user));
  const held = new Set(clashes.map((row) => `${row.type}\u0000${row.value}`));
  const issues: Issue[] = [];
  inputs.forEach((input, index) => {
    if (held.has(`${input.type}\u0000${input.value}`))
      issues.push({ path: paths(index), message: duplicateMessage(input) });
  });
  if (issues.length) throw new AppError('CONFLICT', issues[0]!.message, { issues });

  try {
    const { rows, announce } = await ctx.db.transaction(async (tx) => {
      const inserted = await repository.insertObservables(
        tx,
        inputs.map((input) => ({
          caseId: found.id,
          addedBy: user.id,
          type: input.type,
          value: input.value,
          tlp: input.tlp,
          isIoc: input.isIoc,
          isInternal: input.isInternal,
          tags: input.tags,
          description: input.description,
        })),
      );
      const pending = await matchNewObservables(ctx, tx, found, inserted);
      return { rows: inserted, announce: pending };
    });
    await announce();
    return rows;
  } catch (error) {
    // Added by someone else in the meantime.
    if (
      (error as { cause?: { code?: string } }).cause?.code === '23505' ||
      (error as { code?: string }).code === '23505'
    ) {
      throw new AppError('CONFLICT', 'This case already holds one of these observables');
    }
    throw error;
  }
}

/** `POST /api/cases/{id}/observables` -> 201 the observable with its matches. */
export async function addObservable(
  ctx: AppContext,
  user: UserRow & Viewer,
  caseId: string,
  input: ObservableInput,
): Promise<Observable> {
  const [row] = await addObservables(ctx, user, caseId, [input], () => 'value');
  return (await withMatches(ctx, user, [row!]))[0]!;
}

/**
 * `POST /api/cases/{id}/observables/bulk`: up to 500, validated as a whole by the route's schema (400 naming each
 * bad item by index); a repeat within the request is a 400 at its index, a value the case holds a 409 at its index.
 * Nothing is written unless everything is.
 */
export async function addObservablesInBulk(
  ctx: AppContext,
  user: UserRow & Viewer,
  caseId: string,
  inputs: ObservableInput[],
): Promise<Observable[]> {
  const first = new Map<string, number>();
  const repeats: Issue[] = [];
  inputs.forEach((input, index) => {
    const key = `${input.type}\u0000${input.value}\u0000${input.isInternal}`;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, index);
    else
      repeats.push({
        path: `observables.${index}.value`,
        message: `Repeats item ${earlier}: ${input.type} ${input.value}`,
      });
  });
  if (repeats.length) throw new AppError('VALIDATION_FAILED', repeats[0]!.message, { issues: repeats });
  const rows = await addObservables(ctx, user, caseId, inputs, (index) => `observables.${index}.value`);
  return withMatches(ctx, user, rows);
}

/** `GET /api/cases/{id}/observables`: newest first; internal ones for Directors only. A staff read is audited. */
export async function listObservables(
  ctx: AppContext,
  user: UserRow & Viewer,
  caseId: string,
  limit: number,
  meta?: Pick<RequestMeta, 'ip' | 'session'>,
): Promise<Observable[]> {
  const found = await visibleCase(ctx, user, caseId);
  const rows = await repository.listObservables(ctx.db, found.id, {
    includeInternal: isDirector(user),
    limit,
  });
  const record = { id: found.id, ownerId: found.userId };
  await audit.recordStaffReads(ctx, audit.readerOf(user, meta), 'case', [record], 'detail');
  return withMatches(ctx, user, rows);
}

/** `DELETE /api/cases/{id}/observables/{observableId}`: an internal one is not there for a client (404). */
export async function removeObservable(
  ctx: AppContext,
  user: UserRow & Viewer,
  caseId: string,
  observableId: string,
): Promise<void> {
  const found = await visibleCase(ctx, user, caseId, { contribute: true });
  const row = isId(observableId) ? await repository.findObservable(ctx.db, found.id, observableId) : null;
  if (!row || (row.isInternal && !isDirector(user))) throw notFound('Observable');
  await repository.deleteObservable(ctx.db, row.id);
}

/** `POST /api/cases/{id}/observables/extract`: what the text names, for the person to confirm; nothing is stored. */
export async function extract(
  ctx: AppContext,
  user: UserRow & Viewer,
  caseId: string,
  text: string,
): Promise<ExtractedObservable[]> {
  await visibleCase(ctx, user, caseId);
  return extractObservables(text);
}

/**
 * Moves a case's observables and their matches to another case (merging cases; the caller checks who may and
 * holds the transaction).
 */
export async function moveObservables(tx: DbOrTx, fromCaseId: string, toCaseId: string): Promise<void> {
  await repository.moveObservables(tx, fromCaseId, toCaseId);
}

/** A case's observables and matches as its report prints them (the client version: no internal ones). */
export async function observablesForReport(
  ctx: AppContext,
  caseId: string,
  version: 'client' | 'staff',
  clientTier: number,
): Promise<Observable[]> {
  const rows = await repository.listObservables(ctx.db, caseId, {
    includeInternal: version === 'staff',
    limit: 100_000,
  });
  const hidden = version === 'staff' ? [] : readerGate({ tier: clientTier }).hiddenTlp;
  const matches = await repository.matchesOf(
    ctx.db,
    rows.map((row) => row.id),
    hidden,
  );
  return rows.reverse().map((row) => toObservable(row, matches));
}

/** The user's observables for their data export, with the matches they may read. */
export async function exportObservables(ctx: AppContext, db: DbOrTx, user: UserRow) {
  const rows = await repository.observablesOfOwner(db, user.id);
  const matches = await repository.matchesOf(
    db,
    rows.map((row) => row.id),
    readerGate(user).hiddenTlp,
  );
  return rows.map((row) => ({
    ...row,
    matches: matches
      .filter((match) => match.observableId === row.id)
      .map(({ threatId, stixId, title, severity, matchedAt }) => ({
        threatId,
        stixId,
        title,
        severity,
        matchedAt,
      })),
  }));
}
