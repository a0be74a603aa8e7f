import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { REPORT_JOB, renderReport } from './reports.service.js';

/** Renders requested reports. */
export async function registerReportJobs(ctx: AppContext, logger: FastifyBaseLogger): Promise<void> {
  await ctx.queue.work<{ reportId: string; baseUrl: string }>(REPORT_JOB, async (job) => {
    await renderReport(ctx, { ...job.data, retryCount: job.retryCount }, logger);
  });
}
