import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { AI_ANALYSIS_JOB, runAnalysis } from './ai.service.js';

/** Attaches the worker that runs queued analyses (one at a time per instance; pg-boss spreads them out). */
export async function registerAiJobs(ctx: AppContext, logger: FastifyBaseLogger): Promise<void> {
  await ctx.queue.work<{ analysisId: string }>(AI_ANALYSIS_JOB, async (job) => {
    await runAnalysis(ctx, { analysisId: job.data.analysisId, retryCount: job.retryCount }, logger);
  });
}
