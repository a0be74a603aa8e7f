import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { deliver, MailDeliveryError, SEND_JOB, type SendJob } from './mail.service.js';

/** Local SMTP servers answer in milliseconds; a few workers keep a burst of mail moving while one waits. */
const CONCURRENCY = 4;

export async function registerMailJobs(ctx: AppContext, logger: FastifyBaseLogger): Promise<void> {
  await ctx.queue.work<SendJob>(
    SEND_JOB,
    async (job) => {
      const outcome = await deliver(ctx, job.data.id);
      if (outcome.status === 'sent') {
        const { row } = outcome;
        const fields = { mailId: row.id, to: row.toAddress, kind: row.kind, subject: row.subject };
        if (outcome.transport === 'outbox') {
          logger.info(fields, `mail kept in the outbox (SMTP_URL unset): npm run cli -- mail:show ${row.id}`);
        } else {
          logger.info(fields, 'mail sent');
        }
      } else if (outcome.status === 'failed') {
        const fields = { mailId: outcome.row.id, to: outcome.row.toAddress, error: outcome.error };
        if (outcome.final) logger.error(fields, 'mail failed for good');
        else {
          logger.warn(fields, 'mail not sent; it will be retried');
          // pg-boss retries the job after its backoff.
          throw new MailDeliveryError(outcome.error);
        }
      }
    },
    { concurrency: CONCURRENCY },
  );
}
