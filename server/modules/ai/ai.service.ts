import { z } from 'zod';
import {
  AI_RESULTS_SCHEMAS,
  type AiAnalysis,
  type AiAnalysisResults,
  type createAiAnalysisRequestSchema,
  type DataPoint,
} from '../../../contract/ai.js';
import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../infra/context.js';
import { defineJob } from '../../infra/job.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import type { UserRow } from '../../db/schema/users.js';
import * as auth from '../auth/auth.service.js';
import { withJobProgress } from '../events/events.service.js';
import * as threats from '../threats/threats.service.js';
import * as repository from './ai.repository.js';
import type { AiAnalysisRow } from './ai.repository.js';
import { analyzePattern } from './analyzers/pattern.js';
import { analyzeSentiment } from './analyzers/sentiment.js';
import { AnalyzerError, type AnalyzerOutcome } from './analyzers/shared.js';
import { runThreatAssessment, type ThreatMatchInput } from './analyzers/threat.js';

type NewAnalysisInput = z.output<typeof createAiAnalysisRequestSchema>;

export interface ErrorLogger {
  error(obj: object, message: string): void;
}

/** Retries after the first try, for failures outside the analyzer (the database was briefly unreachable). */
export const AI_JOB_RETRY_LIMIT = 2;

/** The job that runs one analysis (one at a time per instance; pg-boss spreads them out). */
export const analysisJob = defineJob({
  name: 'ai.run-analysis',
  payload: z.object({ analysisId: z.string() }),
  retry: { retryLimit: AI_JOB_RETRY_LIMIT, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
  async handle(ctx, data, job) {
    await runAnalysis(ctx, { analysisId: data.analysisId, retryCount: job.retryCount }, job.logger);
  },
});

export const REASONS = {
  notQueued: 'The analysis could not be queued. Please try again later',
  analyzerFailed: 'The analyzer could not process this input',
  invalidResult: 'The analyzer returned an incomplete result',
  threatsUnavailable: 'Stored threat intelligence could not be read. Please try again later',
} as const;

/** The analyzers each type runs; a parameter of `runAnalysis` so a caller can supply others. */
export interface Analyzers {
  sentiment_analysis(text: string): AnalyzerOutcome<AiAnalysisResults>;
  pattern_analysis(points: readonly DataPoint[]): AnalyzerOutcome<AiAnalysisResults>;
  threat_assessment(
    text: string,
    lookup: (indicators: string[]) => Promise<ThreatMatchInput[]>,
  ): Promise<AnalyzerOutcome<AiAnalysisResults>>;
}

export const ANALYZERS: Analyzers = {
  sentiment_analysis: analyzeSentiment,
  pattern_analysis: analyzePattern,
  threat_assessment: runThreatAssessment,
};

export function toAnalysis(row: AiAnalysisRow): AiAnalysis {
  return {
    id: row.id,
    type: row.type,
    inputData: row.inputData,
    status: row.status,
    confidence: row.confidence,
    results: row.results ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  } as AiAnalysis;
}

/**
 * `POST /api/ai/analysis`: stores the analysis as pending and queues the job that runs it, so no request
 * waits on the model (decision 009). When the queue refuses, the analysis is failed at once with a reason
 * rather than left pending forever.
 */
export async function createAnalysis(
  ctx: AppContext,
  user: UserRow,
  input: NewAnalysisInput,
  log: ErrorLogger,
): Promise<AiAnalysis> {
  const created = await repository.insertAnalysis(ctx.db, {
    userId: user.id,
    type: input.type,
    inputData: input.inputData,
  });
  try {
    await ctx.queue.send(analysisJob, { analysisId: created.id });
    return toAnalysis(created);
  } catch (err) {
    log.error({ err, analysisId: created.id }, 'AI analysis job could not be queued');
    const failed = await reported(ctx, (tx) =>
      repository.finishAnalysis(tx, created.id, { status: 'failed', error: REASONS.notQueued }, ['pending']),
    );
    return toAnalysis(failed ?? created);
  }
}

/** The user's own analyses, newest first. */
export async function listAnalyses(ctx: AppContext, user: UserRow, limit: number): Promise<AiAnalysis[]> {
  return (await repository.listAnalyses(ctx.db, user.id, limit)).map(toAnalysis);
}

/** One of the user's analyses; anyone else's (or no such id) is 404. */
export async function getAnalysis(ctx: AppContext, user: UserRow, id: string): Promise<AiAnalysis> {
  const found = isId(id) ? await repository.findAnalysis(ctx.db, id) : null;
  if (!found || found.userId !== user.id) throw notFound('Analysis');
  return toAnalysis(found);
}

/** Reading stored intelligence failed: worth another try, unlike an analyzer's own failure. */
class LookupFailed extends Error {
  constructor(cause: unknown) {
    super('threat intelligence lookup failed', { cause });
    this.name = 'LookupFailed';
  }
}

async function analyze(ctx: AppContext, row: AiAnalysisRow, analyzers: Analyzers) {
  switch (row.type) {
    case 'sentiment_analysis':
      return analyzers.sentiment_analysis(row.inputData.text ?? '');
    case 'pattern_analysis':
      return analyzers.pattern_analysis(row.inputData.dataPoints ?? []);
    case 'threat_assessment': {
      // Matches respect the owner's tier now: a text never reveals records its owner may not read.
      const owner = await auth.findUser(ctx.db, row.userId);
      return analyzers.threat_assessment(row.inputData.text ?? '', async (indicators) => {
        try {
          return await threats.findThreatsByIndicators(ctx, indicators, owner?.tier ?? 1);
        } catch (error) {
          throw new LookupFailed(error);
        }
      });
    }
  }
}

export interface AnalysisJob {
  analysisId: string;
  /** Tries before this one (pg-boss's retryCount). */
  retryCount: number;
}

/**
 * Runs one queued analysis: claims it (pending -> processing), runs its analyzer and stores completed, with
 * confidence and results checked against the contract, or failed with a reason safe to show. A job that runs again
 * for a finished analysis does nothing; a retry (after a try that died or could not read the database) may take
 * over one left in processing. An analyzer's failure is final, since the same input would fail the same way.
 */
export async function runAnalysis(
  ctx: AppContext,
  job: AnalysisJob,
  log: ErrorLogger,
  analyzers: Analyzers = ANALYZERS,
): Promise<AiAnalysisRow | null> {
  if (!isId(job.analysisId)) return null;
  const analysisId = job.analysisId;
  const claimed = await reported(ctx, (tx) =>
    repository.claimAnalysis(tx, analysisId, job.retryCount > 0 ? ['pending', 'processing'] : ['pending']),
  );
  if (!claimed) return null;

  const fail = (error: string) =>
    reported(ctx, (tx) => repository.finishAnalysis(tx, claimed.id, { status: 'failed', error }));
  let outcome: AnalyzerOutcome<AiAnalysisResults>;
  try {
    outcome = await analyze(ctx, claimed, analyzers);
  } catch (err) {
    if (err instanceof LookupFailed) {
      if (job.retryCount < AI_JOB_RETRY_LIMIT) throw err;
      log.error({ err, analysisId: claimed.id }, 'AI analysis gave up on the threat lookup');
      return fail(REASONS.threatsUnavailable);
    }
    if (err instanceof AnalyzerError) return fail(err.message);
    log.error({ err, analysisId: claimed.id }, 'AI analyzer failed');
    return fail(REASONS.analyzerFailed);
  }

  const results = AI_RESULTS_SCHEMAS[claimed.type].safeParse(outcome?.results);
  const confidence = outcome?.confidence;
  if (!results.success || typeof confidence !== 'number' || !(confidence >= 0 && confidence <= 1)) {
    log.error(
      { analysisId: claimed.id, issues: results.error?.issues },
      'AI analyzer returned an invalid result',
    );
    return fail(REASONS.invalidResult);
  }
  return reported(ctx, (tx) =>
    repository.finishAnalysis(tx, claimed.id, { status: 'completed', confidence, results: results.data }),
  );
}

/** An analysis's state written with its owner's `job.progress` event (design 12.6). */
function reported(
  ctx: AppContext,
  write: (tx: Tx) => Promise<AiAnalysisRow | null>,
): Promise<AiAnalysisRow | null> {
  return withJobProgress(ctx, write, (row) => ({
    userId: row.userId,
    data: { kind: 'ai', id: row.id, status: row.status },
  }));
}
