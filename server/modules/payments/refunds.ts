import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../infra/context.js';
import { defineJob } from '../../infra/job.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { fromMinor, toMinor } from '../../lib/money.js';
import * as audit from '../audit/audit.service.js';
import * as notices from './payment-notices.js';
import * as repository from './payments.repository.js';
import type { PaymentRow } from '../../db/schema/payments.js';
import type { RefundRow } from './payments.repository.js';

export type { RefundRow };

/** Where Directors see refunds the provider refused. */
export const FAILED_REFUNDS_PATH = '/order-queue?queue=refunds_failed';

export class RefundRefusedError extends Error {
  override name = 'RefundRefusedError';
}

/**
 * Asks the provider for one refund, after the commit that decided it (decision 038). A refusal fails the try, which
 * pg-boss retries with backoff; the last try that is refused marks the refund `failed` and alerts the Directors,
 * who send it again from their order queue. The refund's id is the provider's idempotency key, so a try whose answer
 * was lost does not refund twice.
 */
export const refundJob = defineJob({
  name: 'payments.refund',
  payload: z.object({ refundId: z.string() }),
  retry: (config) => ({
    retryLimit: config.REFUND_MAX_ATTEMPTS - 1,
    retryDelay: config.REFUND_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 120,
  }),
  async handle(ctx, data, { retryCount, logger }) {
    const outcome = await attemptRefund(ctx, data.refundId, retryCount + 1 >= ctx.config.REFUND_MAX_ATTEMPTS);
    if (outcome.status === 'refused') {
      logger.warn({ refundId: data.refundId, error: outcome.error }, 'refund refused; it will be retried');
      throw new RefundRefusedError(outcome.error);
    }
    if (outcome.status === 'failed') {
      logger.error(
        { refundId: data.refundId, error: outcome.error },
        'refund refused for good; Directors alerted',
      );
    }
  },
});

/**
 * Records a refund of `amount` of a completed payment, in the caller's transaction (the cancellation or the
 * return's approval), with the job that carries it out after the commit. What refunds of the payment give back,
 * this one included, may never exceed what was paid: 409 otherwise.
 */
export async function requestRefund(
  ctx: AppContext,
  tx: Tx,
  input: { orderId: string; payment: PaymentRow; amount: string; alreadyRefunded: string },
): Promise<RefundRow> {
  const { payment } = input;
  if (payment.status !== 'completed') {
    throw new AppError('CONFLICT', 'Only a completed payment can be refunded');
  }
  if (toMinor(input.amount) <= 0) throw new AppError('CONFLICT', 'Nothing to refund');
  if (toMinor(input.alreadyRefunded) + toMinor(input.amount) > toMinor(payment.amount)) {
    throw new AppError(
      'CONFLICT',
      `A refund of ${input.amount} would give back more than the ${fromMinor(toMinor(payment.amount))} paid`,
    );
  }
  const refund = await repository.insertRefund(tx, {
    orderId: input.orderId,
    paymentId: payment.id,
    amount: input.amount,
  });
  await ctx.queue.send(refundJob, { refundId: refund.id }, { tx });
  return refund;
}

type Outcome = { status: 'completed' | 'skipped' } | { status: 'refused' | 'failed'; error: string };

export async function attemptRefund(ctx: AppContext, refundId: string, lastTry: boolean): Promise<Outcome> {
  const refund = await repository.findRefund(ctx.db, refundId);
  if (!refund || refund.status !== 'pending') return { status: 'skipped' };
  const payment = (await repository.findById(ctx.db, refund.paymentId))!;
  try {
    await ctx.payments.refund({
      provider: payment.provider,
      reference: payment.providerReference ?? '',
      amount: refund.amount,
      currency: payment.currency,
      idempotencyKey: refund.id,
    });
  } catch (error) {
    const message = ((error as Error).message || 'The provider refused the refund').slice(0, 500);
    const failed = await ctx.db.transaction(async (tx) => {
      const counted = await repository.countRefundAttempt(tx, refund.id, message);
      if (!counted || !lastTry) return false;
      const row = await repository.failRefund(tx, refund.id);
      if (row) await notices.alertRefundFailed(ctx, tx, payment, row, FAILED_REFUNDS_PATH);
      return row !== null;
    });
    return { status: failed ? 'failed' : 'refused', error: message };
  }
  await ctx.db.transaction(async (tx) => {
    await repository.countRefundAttempt(tx, refund.id, null);
    const done = await repository.completeRefund(tx, refund.id);
    if (!done) return;
    if (toMinor(await repository.refundedOf(tx, payment.id)) >= toMinor(payment.amount)) {
      await repository.markRefunded(tx, payment.id);
    }
    await notices.notifyRefund(ctx, tx, payment, done);
  });
  return { status: 'completed' };
}

/** A Director sends a refund the provider refused again: it is pending once more, with a fresh job. */
export async function retryRefund(
  ctx: AppContext,
  directorId: string,
  refundId: string,
  ip: string,
): Promise<RefundRow> {
  if (!isId(refundId)) throw notFound('Refund');
  return ctx.db.transaction(async (tx) => {
    const existing = await repository.findRefund(tx, refundId);
    if (!existing) throw notFound('Refund');
    const reopened = await repository.reopenRefund(tx, refundId);
    if (!reopened) throw new AppError('CONFLICT', `This refund is ${existing.status}, not failed`);
    await ctx.queue.send(refundJob, { refundId }, { tx });
    await audit.record(tx, {
      action: 'payment.refund_retried',
      userId: directorId,
      subjectType: 'payment',
      subject: reopened.paymentId,
      ip,
      details: { refundId, amount: reopened.amount },
    });
    return reopened;
  });
}

export async function listRefundsOf(ctx: AppContext, orderIds: string[]): Promise<RefundRow[]> {
  return repository.listRefundsOf(ctx.db, orderIds);
}
