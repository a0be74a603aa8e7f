import { CONFIRMATION_TIME } from '../../../contract/payments.js';
import type {
  AdminPayment,
  CreatePaymentRequest,
  Payment,
  PaymentInstructions,
  PaymentMethod,
  PaymentPurpose,
  PaymentStatus,
} from '../../../contract/payments.js';
import type { createPaymentRequestSchema } from '../../../contract/payments.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { manualPaymentProvider } from '../../infra/payments.js';
import { isId } from '../../lib/ids.js';
import type { z } from 'zod';
import * as audit from '../audit/audit.service.js';
import * as auth from '../auth/auth.service.js';
import { publishEvent } from '../events/events.service.js';
import * as notices from './payment-notices.js';
import * as repository from './payments.repository.js';
import type { PaymentRow } from '../../db/schema/payments.js';

export type { PaymentRow } from '../../db/schema/payments.js';
export { APPROVALS_PATH, formatAmount, testModeDetails } from './payment-notices.js';

export interface ChargeRequest {
  userId: string;
  amount: string;
  currency: string;
  method: PaymentMethod;
  purpose: PaymentPurpose;
  description: string;
  subscriptionId?: string;
  /** Where the receipt links to: what the payment bought shows there (default '/payments'). */
  actionUrl?: string;
}

/**
 * Records a payment, pending, in the caller's transaction, so an order or upgrade and its payment commit together or
 * not at all. Nothing is sent to any provider here: a transaction that holds row locks (stock, the user, a
 * subscription) never waits on the network (decision 018). The caller hands the payment to its provider with
 * `submit` once the transaction committed; one it never submits (a crash in between) is submitted by the
 * `payments.submit-waiting` job. The Directors' alert for a crypto or bank transfer to confirm is written here,
 * with the payment; a card payment needs nobody's attention.
 */
export async function record(ctx: AppContext, db: DbOrTx, request: ChargeRequest): Promise<PaymentRow> {
  const payment = await repository.insertPayment(db, {
    userId: request.userId,
    amount: request.amount,
    currency: request.currency,
    paymentMethod: request.method,
    purpose: request.purpose,
    description: request.description,
    subscriptionId: request.subscriptionId ?? null,
    status: 'pending',
    provider: request.method === 'stripe' ? ctx.payments.name : manualPaymentProvider.name,
    providerReference: null,
    completedAt: null,
  });
  await paymentUpdated(db, payment);
  if (payment.paymentMethod !== 'stripe') {
    const payer = await auth.findUser(db, payment.userId);
    await notices.alertAwaitingConfirmation(ctx, db, payment, payer?.email ?? 'A user');
  }
  return payment;
}

/**
 * Hands a recorded payment to its provider, outside any transaction, and settles it through the settlement path
 * when the provider took it at once (the `test` card provider): the receipt, what it paid for (an order paid, a tier
 * raised) and the `payment.completed` event, exactly as when a Director or a webhook settles it. The payment's id is
 * the provider's idempotency key, so submitting twice (a retry after a crash) charges once; only the first answer
 * recorded counts, and settling is conditional on the payment still pending. Throws when the provider could not be
 * reached (the payment stays as it was, for the job to retry); returns the payment as it now is.
 */
export async function submit(
  ctx: AppContext,
  paymentId: string,
  ip: string | null = null,
): Promise<PaymentRow> {
  const payment = await repository.findById(ctx.db, paymentId);
  if (!payment) throw notFound('Payment');
  if (payment.status !== 'pending' || payment.providerReference !== null) return payment;
  const result = await ctx.payments.charge({
    amount: payment.amount,
    currency: payment.currency,
    method: payment.paymentMethod,
    description: payment.description ?? 'Payment',
    idempotencyKey: payment.id,
  });
  const recorded = await repository.recordSubmission(ctx.db, payment.id, result.provider, result.reference);
  if (recorded && result.status === 'completed') {
    await settleWith(ctx, (tx) => repository.findById(tx, payment.id), 'completed', null, false, ip);
  }
  return (await repository.findById(ctx.db, payment.id))!;
}

/**
 * `submit` for a request that already committed its change: a provider that cannot be reached leaves the payment
 * pending for the `payments.submit-waiting` job rather than failing a request whose order or upgrade exists.
 */
export async function submitOrLeave(
  ctx: AppContext,
  payment: PaymentRow,
  ip: string | null = null,
): Promise<PaymentRow> {
  try {
    return await submit(ctx, payment.id, ip);
  } catch {
    return (await repository.findById(ctx.db, payment.id)) ?? payment;
  }
}

/** A payment recorded this long ago and still not submitted was left by its submitter (a crash, a provider down). */
export const SUBMIT_GRACE_SECONDS = 60;
/** One no provider took within this long fails: its order is cancelled (stock back), its upgrade called off. */
export const SUBMIT_GIVE_UP_SECONDS = 60 * 60;
const SUBMIT_BATCH = 100;

export interface SubmitWaitingResult {
  submitted: number;
  failed: number;
  errors: { paymentId: string; message: string }[];
}

/**
 * The recovery path, run every minute by the `payments.submit-waiting` job: every pending payment that no provider
 * answered for within `graceSeconds` is submitted again (same idempotency key), or failed through the settlement
 * path once older than `giveUpSeconds`. Safe to run on any number of instances at once: recording the answer and
 * settling are both conditional, so each payment settles once.
 */
export async function submitWaiting(
  ctx: AppContext,
  { graceSeconds = SUBMIT_GRACE_SECONDS, giveUpSeconds = SUBMIT_GIVE_UP_SECONDS } = {},
): Promise<SubmitWaitingResult> {
  const result: SubmitWaitingResult = { submitted: 0, failed: 0, errors: [] };
  const waiting = await repository.listUnsubmitted(ctx.db, graceSeconds, giveUpSeconds, SUBMIT_BATCH);
  for (const { id, stale } of waiting) {
    try {
      if (stale) {
        const row = await settleWith(ctx, (tx) => repository.findById(tx, id), 'failed', null, false, null);
        if (row) result.failed += 1;
      } else {
        await submit(ctx, id);
        result.submitted += 1;
      }
    } catch (error) {
      result.errors.push({ paymentId: id, message: (error as Error).message });
    }
  }
  return result;
}

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    reference: row.reference,
    amount: row.amount,
    currency: row.currency,
    paymentMethod: row.paymentMethod,
    status: row.status,
    purpose: row.purpose,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** Shown until the operator sets PAYMENT_BANK_INSTRUCTIONS or PAYMENT_CRYPTO_INSTRUCTIONS. */
export const INSTRUCTION_PLACEHOLDERS = {
  bank_transfer:
    'Your operator has not set bank details yet: ask your account contact for them before you transfer, and quote the reference below.',
  crypto:
    'Your operator has not set a crypto wallet yet: ask your account contact for the address before you pay, and quote the reference below.',
} as const;

/** `GET /api/payments/instructions`: how to pay by bank transfer or crypto, as the operator set it. */
export function instructions(ctx: AppContext): PaymentInstructions {
  const of = (text: string | undefined, placeholder: string) =>
    text ? { text, configured: true } : { text: placeholder, configured: false };
  return {
    bank_transfer: of(ctx.config.PAYMENT_BANK_INSTRUCTIONS, INSTRUCTION_PLACEHOLDERS.bank_transfer),
    crypto: of(ctx.config.PAYMENT_CRYPTO_INSTRUCTIONS, INSTRUCTION_PLACEHOLDERS.crypto),
    confirmationTime: CONFIRMATION_TIME,
    testMode: notices.inTestMode(ctx),
  };
}

export async function listOwn(ctx: AppContext, userId: string, limit: number): Promise<Payment[]> {
  return (await repository.listForUser(ctx.db, userId, limit)).map(toPayment);
}

/** `POST /api/payments`: a payment of the user's own (an invoice, a deposit), through the method's provider. */
export async function createPayment(
  ctx: AppContext,
  userId: string,
  input: z.output<typeof createPaymentRequestSchema> & CreatePaymentRequest,
  meta: Pick<RequestMeta, 'ip'>,
): Promise<Payment> {
  const recorded = await ctx.db.transaction(async (tx) => {
    const payment = await record(ctx, tx, {
      userId,
      amount: input.amount,
      currency: input.currency,
      method: input.paymentMethod,
      purpose: 'other',
      description: input.description || 'Payment',
    });
    await audit.record(tx, {
      action: 'payment.created',
      userId,
      subjectType: 'payment',
      subject: payment.id,
      ip: meta.ip,
      details: { paymentId: payment.id, amount: payment.amount, status: payment.status },
    });
    return payment;
  });
  return toPayment(await submitOrLeave(ctx, recorded, meta.ip));
}

/** Everyone's payments for a Director; each other user's payment shown is recorded as a staff read. */
export async function listForDirector(
  ctx: AppContext,
  reader: audit.Reader,
  status: PaymentStatus | undefined,
  limit: number,
): Promise<AdminPayment[]> {
  const rows = await repository.listAll(ctx.db, status, limit);
  const records = rows.map(({ payment }) => ({ id: payment.id, ownerId: payment.userId }));
  await audit.recordStaffReads(ctx, reader, 'payment', records, 'list');
  return rows.map(({ payment, userEmail }) => ({ ...toPayment(payment), userEmail }));
}

/** For another module's transaction (an upgrade's approval needs its payment's state). */
export async function findForSubscription(db: DbOrTx, subscriptionId: string): Promise<PaymentRow | null> {
  return repository.findBySubscription(db, subscriptionId);
}

/** A payment that cannot complete (a renewal the card provider did not take at once) fails, and its payer is told. */
export async function failIfPending(ctx: AppContext, db: DbOrTx, payment: PaymentRow): Promise<void> {
  const failed = await repository.failIfPending(db, payment.id);
  if (!failed) return;
  await paymentUpdated(db, failed);
  await notices.notifyFailure(ctx, db, failed);
}

/**
 * What was paid for is called off: a pending payment fails, a completed one is refunded through its provider. The
 * caller tells the payer why (an upgrade's rejection says its payment is refunded or cancelled), so no payment
 * notice of its own goes out.
 */
export async function refundOrFail(ctx: AppContext, db: DbOrTx, payment: PaymentRow): Promise<void> {
  if (payment.status === 'pending') {
    const failed = await repository.failIfPending(db, payment.id);
    if (failed) await paymentUpdated(db, failed);
    return;
  }
  if (payment.status !== 'completed') return;
  await ctx.payments.refund({
    provider: payment.provider,
    reference: payment.providerReference ?? '',
    idempotencyKey: payment.id,
  });
  await repository.markRefunded(db, payment.id);
  await paymentUpdated(db, { ...payment, status: 'refunded' });
}

/**
 * Tells the payer's live streams, and every Director's (the confirmation queue), that a payment's status is what
 * it now is, in the transaction that set it (design 12.6). Every change of a payment's status goes through here.
 */
export async function paymentUpdated(
  db: DbOrTx,
  payment: Pick<PaymentRow, 'id' | 'userId' | 'status'>,
): Promise<void> {
  await publishEvent(db, {
    to: { userId: payment.userId, staff: true },
    type: 'payment.updated',
    data: { id: payment.id, status: payment.status },
  });
}

/**
 * A Director confirms that a pending payment arrived (`completed`) or did not (`failed`). What it paid for follows
 * in the same transaction, with the payer's receipt or failure notice. 404 for an unknown id, 409 when it is not pending any more.
 */
export async function settle(
  ctx: AppContext,
  directorId: string,
  paymentId: string,
  status: 'completed' | 'failed',
  meta: Pick<RequestMeta, 'ip'>,
): Promise<Payment> {
  if (!isId(paymentId)) throw notFound('Payment');
  const find = (tx: Tx) => repository.findById(tx, paymentId);
  const row = await settleWith(ctx, find, status, directorId, true, meta.ip);
  return toPayment(row!);
}

/**
 * The provider reports a payment's outcome (a Stripe webhook). Unknown references and payments that are no longer
 * pending are ignored, so a delivery repeated by the provider has one effect. Returns whether anything changed.
 */
export async function settleByProvider(
  ctx: AppContext,
  provider: string,
  reference: string,
  status: 'completed' | 'failed',
  meta: Pick<RequestMeta, 'ip'>,
): Promise<boolean> {
  const row = await settleWith(
    ctx,
    (tx) => repository.findByReference(tx, provider, reference),
    status,
    null,
    false,
    meta.ip,
  );
  return row !== null;
}

async function settleWith(
  ctx: AppContext,
  find: (tx: Tx) => Promise<PaymentRow | null>,
  status: 'completed' | 'failed',
  directorId: string | null,
  strict: boolean,
  /** The address of the request that settled it (a Director's, the provider's webhook, the payer's); null: a job. */
  ip: string | null,
): Promise<PaymentRow | null> {
  const result = await ctx.db.transaction(async (tx) => {
    const existing = await find(tx);
    if (!existing) {
      if (strict) throw notFound('Payment');
      return null;
    }
    const settled = await repository.settlePending(tx, existing.id, status, directorId);
    if (!settled) {
      if (strict) throw new AppError('CONFLICT', `This payment is already ${existing.status}`);
      return null;
    }
    await paymentUpdated(tx, settled);
    const settlement = ctx.settlements[settled.purpose];
    const followUp = settlement ? await settlement.handler(ctx, tx, settled, ip) : undefined;
    if (settled.status === 'completed') {
      const receipt = settlement?.receipt ? await settlement.receipt(ctx, tx, settled) : null;
      await notices.notifyReceipt(
        ctx,
        tx,
        settled,
        receipt?.actionUrl ?? settlement?.receiptUrl ?? '/payments',
        receipt,
      );
    } else {
      await notices.notifyFailure(ctx, tx, settled);
    }
    await audit.record(tx, {
      action: status === 'completed' ? 'payment.confirmed' : 'payment.failed',
      // The Director who settled it; null when the provider reported it (the system acted, not the payer).
      userId: directorId,
      subjectType: 'payment',
      subject: settled.id,
      subjectUserId: settled.userId,
      ip,
      details: {
        paymentId: settled.id,
        ownerId: settled.userId,
        amount: settled.amount,
        by: directorId ? 'director' : settled.provider,
      },
    });
    return { row: settled, after: followUp, receiptUrl: settlement?.receiptUrl };
  });
  if (!result) return null;
  const { row, after, receiptUrl } = result;
  if (after) await after();
  if (row.status === 'completed') await emitCompleted(ctx, row, receiptUrl);
  else {
    await ctx.events.emit('payment.failed', {
      userId: row.userId,
      paymentId: row.id,
      amount: row.amount,
      currency: row.currency,
      description: row.description ?? 'Payment',
    });
  }
  return row;
}

/**
 * Announces a completed payment to automation rules; call it after the transaction that recorded it has committed.
 * The payer's receipt is not this: `charge` and settling write it in the recording transaction.
 */
export async function emitCompleted(
  ctx: AppContext,
  row: PaymentRow,
  actionUrl = '/payments',
): Promise<void> {
  await ctx.events.emit('payment.completed', {
    userId: row.userId,
    paymentId: row.id,
    amount: row.amount,
    currency: row.currency,
    description: row.description ?? 'Payment',
    actionUrl,
  });
}

/** How many payments wait for a Director to confirm or fail them: the Approvals tab's pending payments. */
export async function countPending(ctx: AppContext): Promise<number> {
  return repository.countByStatus(ctx.db, 'pending');
}

/** A payment by its id, for another module's transaction (an order's cancellation refunds or fails it). */
export async function findById(db: DbOrTx, id: string): Promise<PaymentRow | null> {
  return repository.findById(db, id);
}
