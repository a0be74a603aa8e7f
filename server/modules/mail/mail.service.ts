import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext } from '../../infra/context.js';
import { defineJob } from '../../infra/job.js';
import { assertHeaderSafe, renderMail, type MailContent } from '../../infra/mail.js';
import * as repository from './mail.repository.js';
import type { MailRow } from './mail.repository.js';

export type { MailRow };

/**
 * The job that delivers one outbox message. A refused message fails the try, so that pg-boss retries it with backoff
 * until MAIL_MAX_ATTEMPTS; local SMTP servers answer in milliseconds, so a few workers keep a burst of mail moving
 * while one waits.
 */
export const mailJob = defineJob({
  name: 'mail.send',
  payload: z.object({ id: z.string() }),
  retry: (config) => ({
    retryLimit: config.MAIL_MAX_ATTEMPTS - 1,
    retryDelay: config.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    // The SMTP timeouts end a hung try well before this.
    expireInSeconds: 120,
  }),
  concurrency: 4,
  async handle(ctx, data, { logger }) {
    const outcome = await deliver(ctx, data.id);
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
});

export interface QueueMailInput {
  /** The account it concerns, if any. */
  userId?: string | null;
  to: string;
  /** What it is, for the outbox and the CLI: `password_reset`, `notification.payment_received`, ... */
  kind: string;
  content: MailContent;
}

/**
 * Records a message in the outbox and queues its delivery, both in the caller's transaction: the mail exists if and
 * only if the change that caused it commits, and a crash after the commit delays it but never loses it
 * (decision 006). Sending is the `mail.send` job's work; an SMTP server that is down never fails the caller.
 */
export async function queueMail(ctx: AppContext, tx: DbOrTx, input: QueueMailInput): Promise<string> {
  assertHeaderSafe(input.to, 'A recipient');
  const rendered = renderMail(input.content);
  const row = await repository.insert(tx, {
    userId: input.userId ?? null,
    toAddress: input.to,
    kind: input.kind,
    ...rendered,
  });
  await ctx.queue.send(mailJob, { id: row.id }, { tx });
  return row.id;
}

export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
}

export type DeliveryOutcome =
  | { status: 'sent'; row: MailRow; transport: 'smtp' | 'outbox' }
  | { status: 'skipped' }
  | { status: 'failed'; row: MailRow; error: string; final: boolean };

const messageIdOf = (ctx: AppContext, id: string) => {
  const domain = /@([^>\s]+)>?\s*$/.exec(ctx.config.MAIL_FROM)?.[1] ?? 'localhost';
  return `<${id}@${domain}>`;
};

/**
 * Sends one queued message (the job, or the CLI at once). The row stays locked while the SMTP server answers, so a
 * second worker skips it; a message already sent is skipped. A refusal is recorded with the attempt count and the
 * server's words, and marks the message failed on its last try.
 */
export async function deliver(ctx: AppContext, id: string): Promise<DeliveryOutcome> {
  return ctx.db.transaction(async (tx) => {
    const row = await repository.lockQueued(tx, id);
    if (!row) return { status: 'skipped' as const };
    const messageId = messageIdOf(ctx, row.id);
    try {
      await ctx.mailer.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = row.attempts + 1 >= ctx.config.MAIL_MAX_ATTEMPTS;
      await repository.recordFailure(tx, row.id, message, final);
      return { status: 'failed' as const, row, error: message, final };
    }
    await repository.markSent(tx, row.id, ctx.mailer.transport, messageId);
    return { status: 'sent' as const, row, transport: ctx.mailer.transport };
  });
}

/**
 * How long a message sent or given up on stays in the outbox (for the CLI's `mail:list` and for support), counted
 * from its last attempt. Its links have long expired by then.
 */
const MAIL_KEPT_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;

/** Deletes messages sent or given up on more than MAIL_KEPT_DAYS ago; queued ones stay until they are delivered. */
export async function purgeFinished(ctx: AppContext, now = new Date()): Promise<number> {
  return repository.deleteFinishedBefore(ctx.db, new Date(now.getTime() - MAIL_KEPT_DAYS * DAY));
}

export async function list(ctx: AppContext, filter: { to?: string; limit: number }): Promise<MailRow[]> {
  return repository.list(ctx.db, { ...filter, to: filter.to?.trim().toLowerCase() });
}

export async function find(ctx: AppContext, id: string): Promise<MailRow | null> {
  return repository.findById(ctx.db, id);
}
