import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PaymentStatus } from '../../../contract/payments.js';
import type { DbOrTx } from '../../db/client.js';
import { shownEmail } from '../../db/deleted-users.js';
import { payments, refunds, users } from '../../db/schema/index.js';
import type { PaymentRow } from '../../db/schema/payments.js';

export type NewPayment = typeof payments.$inferInsert;

export async function insertPayment(db: DbOrTx, payment: NewPayment): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(payment).returning();
  return row!;
}

export async function listForUser(db: DbOrTx, userId: string, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

export async function listAll(db: DbOrTx, status: PaymentStatus | undefined, limit: number) {
  return db
    .select({ payment: payments, userEmail: shownEmail(users) })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(status ? eq(payments.status, status) : undefined)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

export async function findById(db: DbOrTx, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

export async function findByReference(db: DbOrTx, provider: string, reference: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)));
  return row ?? null;
}

export async function findBySubscription(db: DbOrTx, subscriptionId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.subscriptionId, subscriptionId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/** Settles a pending payment; null when it was not pending any more (a second Director, a retried request). */
export async function settlePending(
  db: DbOrTx,
  id: string,
  status: 'completed' | 'failed',
  directorId: string | null,
): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({
      status,
      confirmedBy: directorId,
      completedAt: status === 'completed' ? sql`now()` : null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Fails a payment that is still pending; null when it was not pending (any more). No effect on any other state. */
export async function failIfPending(db: DbOrTx, id: string): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ status: 'failed', updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function markRefunded(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'refunded', updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, 'completed')));
}

/** How many payments are in this state (the Directors' confirmation queue is the pending ones). */
export async function countByStatus(db: DbOrTx, status: PaymentStatus): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(payments)
    .where(eq(payments.status, status));
  return row?.total ?? 0;
}

/**
 * Records what the provider answered for a payment that was not submitted yet: its own reference (and which
 * provider took it). Null when another submitter recorded one first, or the payment is no longer pending: only
 * the first answer counts, so a payment is settled once however many times it was submitted.
 */
export async function recordSubmission(
  db: DbOrTx,
  id: string,
  provider: string,
  reference: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ provider, providerReference: reference, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending'), isNull(payments.providerReference)))
    .returning();
  return row ?? null;
}

/**
 * Pending payments no provider has answered for yet, recorded at least `graceSeconds` ago (a submitter that
 * crashed, or a provider that could not be reached), oldest first; `stale` when older than `giveUpSeconds`.
 */
export async function listUnsubmitted(
  db: DbOrTx,
  graceSeconds: number,
  giveUpSeconds: number,
  limit: number,
) {
  return db
    .select({
      id: payments.id,
      stale: sql<boolean>`${payments.createdAt} < now() - make_interval(secs => ${giveUpSeconds})`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        isNull(payments.providerReference),
        sql`${payments.createdAt} <= now() - make_interval(secs => ${graceSeconds})`,
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

export type RefundRow = typeof refunds.$inferSelect;

export async function insertRefund(db: DbOrTx, refund: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(refund).returning();
  return row!;
}

export async function findRefund(db: DbOrTx, id: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row ?? null;
}

export async function listRefundsOf(db: DbOrTx, orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

/** Counts a try of a pending refund; null when it is not pending (done, or failed and waiting for a Director). */
export async function countRefundAttempt(
  db: DbOrTx,
  id: string,
  error: string | null,
): Promise<RefundRow | null> {
  const [row] = await db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, lastError: error })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function completeRefund(db: DbOrTx, id: string): Promise<RefundRow | null> {
  const [row] = await db
    .update(refunds)
    .set({ status: 'completed', completedAt: sql`now()`, lastError: null })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function failRefund(db: DbOrTx, id: string): Promise<RefundRow | null> {
  const [row] = await db
    .update(refunds)
    .set({ status: 'failed' })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row ?? null;
}

/** A failed refund a Director sends again; null when it is not failed. */
export async function reopenRefund(db: DbOrTx, id: string): Promise<RefundRow | null> {
  const [row] = await db
    .update(refunds)
    .set({ status: 'pending', attempts: 0 })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'failed')))
    .returning();
  return row ?? null;
}

/** What completed refunds of a payment gave back, in paise-exact decimal text. */
export async function refundedOf(db: DbOrTx, paymentId: string): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)::numeric(12,2)::text` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'completed')));
  return row?.total ?? '0.00';
}
