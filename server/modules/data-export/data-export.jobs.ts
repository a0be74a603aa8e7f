import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { DATA_EXPORT_JOB, runExport } from './data-export.service.js';

/** Builds queued exports, one at a time per instance (each reads the whole account). */
export async function registerDataExportJobs(ctx: AppContext, logger: FastifyBaseLogger): Promise<void> {
  await ctx.queue.work<{ exportId: string }>(DATA_EXPORT_JOB, async (job) => {
    await runExport(ctx, { exportId: job.data.exportId, retryCount: job.retryCount }, logger);
  });
}
