import type { CaseDetail } from '../../../contract/cases.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { Tx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext } from '../../infra/context.js';
import { conflict, notFound, tierRequired, validationFailed } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as audit from '../audit/audit.service.js';
import * as evidence from '../evidence/evidence.service.js';
import * as notifications from '../notifications/notifications.service.js';
import * as observables from '../observables/observables.service.js';
import * as repository from './cases.repository.js';
import type { CaseRow } from './cases.repository.js';
import { publishCaseUpdated } from './case-events.js';
import { emitCaseUpdated, getCase } from './cases.service.js';
import * as sla from './sla.js';
import * as tasks from './tasks.service.js';

/*
 * Merging duplicate cases (design 12.5). Everything of the source moves to the target in one transaction; the
 * source stays as a forwarding record: it answers GET with `mergedInto`, leaves every list, and its number still
 * finds the target in `GET /api/cases?q=`.
 */

/**
 * What moves from the merged case to the case it goes into, each in the merge's transaction. A module whose rows
 * hang off a case adds its mover here.
 */
const CASE_RECORD_MOVERS: readonly ((tx: Tx, fromId: string, toId: string) => Promise<void>)[] = [
  repository.moveUpdates,
  evidence.moveCaseFiles,
  tasks.moveTasks,
  observables.moveObservables,
];

/**
 * Whether two cases may be merged: both of one owner. Organisations (design 12.3) widen this to both shared with
 * one organisation when they exist; this is the one place that decides it.
 */
function sameOwner(source: CaseRow, target: CaseRow): boolean {
  return source.userId === target.userId;
}

/** `POST /api/cases/{id}/merge {intoCaseId}` (Directors): the target, with everything that moved. */
export async function mergeCase(
  ctx: AppContext,
  director: UserRow,
  sourceId: string,
  intoCaseId: string,
): Promise<CaseDetail> {
  if (director.tier < DIRECTOR_TIER) throw tierRequired(DIRECTOR_TIER);
  if (!isId(sourceId)) throw notFound('Case');
  if (!isId(intoCaseId)) throw validationFailed([{ path: 'intoCaseId', message: 'No such case' }]);
  if (sourceId === intoCaseId) throw conflict('A case cannot be merged into itself');

  const merged = await ctx.db.transaction(async (tx) => {
    const locked = await repository.lockCases(tx, [sourceId, intoCaseId]);
    const source = locked.find((row) => row.id === sourceId);
    const target = locked.find((row) => row.id === intoCaseId);
    if (!source) throw notFound('Case');
    if (!target) throw validationFailed([{ path: 'intoCaseId', message: 'No such case' }]);
    if (source.mergedIntoId) throw conflict('This case was already merged into another');
    if (target.mergedIntoId) throw conflict('That case was merged into another; merge into that one instead');
    if (!sameOwner(source, target)) throw conflict('Only cases of the same client can be merged');

    for (const move of CASE_RECORD_MOVERS) await move(tx, source.id, target.id);
    const techniques = [...new Set([...target.attackTechniques, ...source.attackTechniques])];
    await repository.updateCase(tx, target.id, { attackTechniques: techniques });

    const at = ctx.now();
    await repository.markMerged(tx, source.id, target.id, at);
    // The source's clocks stop: its work continues on the target, whose own clocks run on.
    await sla.stopClocks.firstResponse(tx, source.id, at);
    await sla.stopClocks.resolved(tx, source.id, at);

    const content = `${source.caseNumber} (${source.title}) was merged into this case: its updates, files, tasks and observables are here now.`;
    await repository.insertUpdate(tx, {
      caseId: target.id,
      authorId: director.id,
      updateType: 'comment',
      title: `Merged ${source.caseNumber}`,
      content,
      isInternal: false,
    });
    await audit.record(tx, {
      action: 'case.merged',
      userId: director.id,
      subjectType: 'case',
      subject: source.id,
      subjectUserId: source.userId,
      details: { caseNumber: source.caseNumber, into: target.id, intoCaseNumber: target.caseNumber },
    });
    await notifications.notify(ctx, tx, {
      userId: target.userId,
      type: 'case_update',
      title: `${source.caseNumber} merged into ${target.caseNumber}`,
      message: content,
      actionUrl: `/cases?case=${target.id}`,
      about: {
        type: 'case',
        id: target.id,
        number: target.caseNumber,
        change: 'another case merged into it',
      },
    });
    await publishCaseUpdated(tx, source, { visible: true });
    await publishCaseUpdated(tx, target, { visible: true });
    return (await repository.lockCase(tx, target.id))!;
  });
  await emitCaseUpdated(ctx, merged, 'comment');
  return getCase(ctx, director, merged.id);
}
