import {
  MATCHABLE_TYPES,
  OBSERVABLE_TLP_NOT_SHARED,
  type ObservableType,
} from '../../../contract/observables.js';
import { TLP_LEVELS, type TlpLevel } from '../../../contract/threats.js';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext } from '../../infra/context.js';
import { defineJob } from '../../infra/job.js';
import * as notifications from '../notifications/notifications.service.js';
import * as threats from '../threats/threats.service.js';
import { matchIndicatorsSpec } from './match-indicators.job.js';
import * as repository from './observables.repository.js';
import type { CaseRef, ObservableRow } from './observables.repository.js';

/*
 * Matching (design 12.5), both ways, on the indicator index the threats module keeps (each stored indicator's
 * compared values, read once at import): a new observable is looked up among the indexed values, and indicators
 * stored or changed are looked up among every case's observables in `observables.match-indicators` jobs, which the
 * threats module queues in the transaction that changes the index. A match records a STIX sighting, tells the
 * Directors and raises `observable.matched` for automation rules.
 */

/** Above this many cases in one batch of matches, Directors get one notification instead of one per case. */
const NOTIFY_CASES_ONE_BY_ONE = 20;

export const matchIndicatorsJob = defineJob({
  ...matchIndicatorsSpec,
  async handle(ctx, data) {
    await matchIndicators(ctx, data.stixIds);
  },
});

/** Whether a sighting made from this observable may leave the firm (design 12.5). */
export function isShared(observable: Pick<ObservableRow, 'isInternal' | 'tlp'>): boolean {
  return !observable.isInternal && !OBSERVABLE_TLP_NOT_SHARED.includes(observable.tlp);
}

const upper = (tlp: ObservableRow['tlp']) => tlp.toUpperCase() as TlpLevel;
const stricter = (a: TlpLevel, b: TlpLevel) => (TLP_LEVELS.indexOf(a) >= TLP_LEVELS.indexOf(b) ? a : b);

interface Candidate {
  observable: ObservableRow;
  case: CaseRef;
  hit: threats.IndicatorHit;
}

type Announce = () => Promise<void>;
const nothing: Announce = async () => {};

/**
 * Records matches in the caller's transaction: the match rows (a known one is skipped), the sightings that may
 * leave the firm in the STIX store, and the Directors' notifications. Returns what to announce after the commit.
 */
async function recordMatches(ctx: AppContext, tx: DbOrTx, candidates: Candidate[]): Promise<Announce> {
  if (!candidates.length) return nothing;
  const now = ctx.now();
  const sightingKey = (candidate: Candidate) => `${candidate.observable.id}|${candidate.hit.stixId}`;
  const sightingInput = (candidate: Candidate) => ({
    key: sightingKey(candidate),
    indicatorStixId: candidate.hit.stixId,
    seenAt: candidate.observable.createdAt,
    tlp: upper(candidate.observable.tlp),
  });
  const inserted = await repository.insertMatches(
    tx,
    candidates.map((candidate) => ({
      observableId: candidate.observable.id,
      caseId: candidate.case.id,
      indicatorStixId: candidate.hit.stixId,
      threatId: candidate.hit.threatId,
      sightingId: threats.sightingIdOf(sightingInput(candidate)),
      shared: isShared(candidate.observable),
      matchedAt: now,
    })),
  );
  if (!inserted.length) return nothing;
  const insertedKeys = new Set(
    inserted.map((row) => `${row.observableId}|${row.indicatorStixId}|${row.threatId}`),
  );
  const fresh = candidates.filter((candidate) =>
    insertedKeys.has(`${sightingKey(candidate)}|${candidate.hit.threatId}`),
  );

  // One sighting per (observable, indicator), travelling with every record that carries the indicator.
  const sightings = new Map<string, threats.SightingToKeep>();
  for (const candidate of fresh) {
    if (!isShared(candidate.observable)) continue;
    const key = sightingKey(candidate);
    const sighting = sightings.get(key) ?? {
      ...sightingInput(candidate),
      threatIds: [],
      storeTlp: upper(candidate.observable.tlp),
    };
    sighting.threatIds.push(candidate.hit.threatId);
    sighting.storeTlp = stricter(sighting.storeTlp, candidate.hit.tlp);
    sightings.set(key, sighting);
  }
  await threats.keepSightings(ctx, tx, [...sightings.values()]);

  // Directors hear of each case once per batch; the mail carries the case number and a link, never the values.
  const byCase = new Map<string, { ref: CaseRef; observables: Set<string> }>();
  for (const candidate of fresh) {
    const entry = byCase.get(candidate.case.id) ?? { ref: candidate.case, observables: new Set() };
    entry.observables.add(candidate.observable.id);
    byCase.set(candidate.case.id, entry);
  }
  if (byCase.size <= NOTIFY_CASES_ONE_BY_ONE) {
    for (const { ref, observables } of byCase.values()) {
      const count = observables.size;
      await notifications.notifyDirectors(ctx, tx, {
        type: 'case_update',
        priority: 'high',
        title: `${ref.caseNumber}: observable matched intelligence`,
        message: `${count} observable${count === 1 ? '' : 's'} on ${ref.caseNumber} match${count === 1 ? 'es' : ''} indicators in the intelligence store.`,
        actionUrl: `/cases?case=${ref.id}`,
        about: {
          type: 'case',
          id: ref.id,
          number: ref.caseNumber,
          change: 'observables matching intelligence',
        },
      });
    }
  } else {
    await notifications.notifyDirectors(ctx, tx, {
      type: 'case_update',
      priority: 'high',
      title: `Observables on ${byCase.size} cases matched intelligence`,
      message: `Indicators in the intelligence store match observables on ${byCase.size} cases.`,
      actionUrl: '/cases',
      about: null,
    });
  }

  return async () => {
    for (const candidate of fresh) {
      await ctx.events.emit('observable.matched', {
        userId: candidate.case.userId,
        caseId: candidate.case.id,
        caseNumber: candidate.case.caseNumber,
        observableId: candidate.observable.id,
        observableType: candidate.observable.type,
        value: candidate.observable.value,
        tlp: candidate.observable.tlp,
        isInternal: candidate.observable.isInternal,
        threatId: candidate.hit.threatId,
        threatTitle: candidate.hit.title,
        severity: candidate.hit.severity,
        threatTlp: candidate.hit.tlp,
      });
    }
  };
}

const pairKey = (type: string, value: string) => `${type}\u0000${value}`;

/**
 * New observables of one case against the indicator index, in the transaction that adds them. Returns what to
 * announce after the commit.
 */
export async function matchNewObservables(
  ctx: AppContext,
  tx: DbOrTx,
  found: CaseRef,
  rows: ObservableRow[],
): Promise<Announce> {
  const matchable = rows.filter((row) => (MATCHABLE_TYPES as readonly ObservableType[]).includes(row.type));
  if (!matchable.length) return nothing;
  const hits = await threats.indicatorsMatching(
    ctx,
    matchable.map((row) => ({ kind: row.type, value: row.value })),
  );
  if (!hits.length) return nothing;
  const byPair = Map.groupBy(hits, (hit) => pairKey(hit.kind, hit.value));
  const candidates = matchable.flatMap((observable) =>
    (byPair.get(pairKey(observable.type, observable.value)) ?? []).map((hit) => ({
      observable,
      case: found,
      hit,
    })),
  );
  return recordMatches(ctx, tx, candidates);
}

/** Indicators stored or changed, against every case's observables (the `observables.match-indicators` job). */
export async function matchIndicators(ctx: AppContext, stixIds: string[]): Promise<number> {
  const hits = await threats.valuesOfIndicators(ctx, stixIds);
  if (!hits.length) return 0;
  const byPair = Map.groupBy(hits, (hit) => pairKey(hit.kind, hit.value));
  const pairs = [...byPair.values()].map(([hit]) => ({ type: hit!.kind, value: hit!.value }));
  const observables = await repository.observablesWithValues(ctx.db, pairs);
  const candidates = observables.flatMap(({ observable, case: ref }) =>
    (byPair.get(pairKey(observable.type, observable.value)) ?? []).map((hit) => ({
      observable,
      case: ref,
      hit,
    })),
  );
  if (!candidates.length) return 0;
  const announce = await ctx.db.transaction((tx) => recordMatches(ctx, tx, candidates));
  await announce();
  return candidates.length;
}
