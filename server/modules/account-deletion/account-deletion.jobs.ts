import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { CARRY_OUT_JOB, carryOutDue, type CarryOutJob } from './account-deletion.service.js';

export async function registerAccountDeletionJobs(ctx: AppContext, logger: FastifyBaseLogger): Promise<void> {
  // Sent by a request with no grace period: it carries out every deletion due, that one among them.
  await ctx.queue.work<CarryOutJob>(CARRY_OUT_JOB, async () => {
    const deleted = await carryOutDue(ctx);
    if (deleted > 0) logger.info({ deleted }, 'account deletions carried out');
  });
}
