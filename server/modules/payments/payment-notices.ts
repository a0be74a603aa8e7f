import { PAYMENT_METHOD_WORDS, TEST_MODE_NOTICE } from '../../../contract/payments.js';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext } from '../../infra/context.js';
import * as notifications from '../notifications/notifications.service.js';
import type { PaymentRow } from '../../db/schema/payments.js';

/**
 * What a payment tells its payer (a receipt, a failure) and the Directors (a payment to confirm). Each is written
 * in the transaction that records the payment's state, so it exists exactly when that state commits (decision 006).
 */

/** Where the Directors confirm pending payments and approve tier 4 upgrades (the /payments Approvals tab). */
export const APPROVALS_PATH = '/payments?tab=approvals';

/** "INR 82,998.00", "USD 999.00": the code, then the figure grouped as its readers group it, always two decimals. */
export function formatAmount(currency: string, amount: string): string {
  const locale = currency === 'INR' ? 'en-IN' : 'en-US';
  const figure = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(amount),
  );
  return `${currency} ${figure}`;
}

const paidFor = (payment: PaymentRow) => payment.description ?? 'Payment';

/** The test card provider takes the card payments (`PAYMENT_PROVIDER=test`, the default without Stripe keys). */
export function inTestMode(ctx: AppContext): boolean {
  return ctx.config.PAYMENT_PROVIDER === 'test';
}

/**
 * The line every payment mail starts its facts with in test mode, so nobody takes a test receipt for a charge;
 * nothing otherwise. A mail sets a fact out as "label: value", which reads as `TEST_MODE_NOTICE`.
 */
export function testModeDetails(ctx: AppContext): { label: string; value: string }[] {
  return inTestMode(ctx) ? [TEST_MODE_DETAIL] : [];
}

/** `TEST_MODE_NOTICE` as a mail's fact: "Test mode" and "no card is charged" (the payments tests read it back). */
const TEST_MODE_DETAIL = {
  label: TEST_MODE_NOTICE.slice(0, TEST_MODE_NOTICE.indexOf(': ')),
  value: TEST_MODE_NOTICE.slice(TEST_MODE_NOTICE.indexOf(': ') + 2),
};

/** The facts a payment's mail sets out: in test mode that line first, then amount, method, reference, purpose. */
function detailsOf(ctx: AppContext, payment: PaymentRow, forLabel: string) {
  return [
    ...testModeDetails(ctx),
    { label: 'Amount', value: formatAmount(payment.currency, payment.amount) },
    { label: 'Method', value: PAYMENT_METHOD_WORDS[payment.paymentMethod] },
    { label: 'Reference', value: payment.reference },
    { label: forLabel, value: paidFor(payment) },
  ];
}

/** The payer's receipt for a completed payment; `actionUrl` is where what it paid for shows. */
export async function notifyReceipt(
  ctx: AppContext,
  db: DbOrTx,
  payment: PaymentRow,
  actionUrl: string,
  /** What the payment bought, as its purpose tells it (an order's number, lines and invoice). */
  about?: { message: string; details: { label: string; value: string }[] } | null,
): Promise<void> {
  await notifications.notify(ctx, db, {
    userId: payment.userId,
    type: 'payment_received',
    priority: 'normal',
    title: 'Payment received',
    message:
      about?.message ??
      `We received ${formatAmount(payment.currency, payment.amount)} for: ${paidFor(payment)}.`,
    actionUrl,
    details: [...detailsOf(ctx, payment, 'Paid for'), ...(about?.details ?? [])],
  });
}

/** The payer is told a payment did not go through ("Payments and receipts" covers failures too). */
export async function notifyFailure(ctx: AppContext, db: DbOrTx, payment: PaymentRow): Promise<void> {
  await notifications.notify(ctx, db, {
    userId: payment.userId,
    type: 'payment_received',
    priority: 'high',
    title: 'Payment failed',
    message: `Your payment of ${payment.currency} ${payment.amount} for ${paidFor(payment)} did not go through.`,
    actionUrl: '/payments',
    details: detailsOf(ctx, payment, 'For'),
  });
}

/** Staff queue alert: a crypto or bank-transfer payment waits for a Director to confirm that the money arrived. */
export async function alertAwaitingConfirmation(
  ctx: AppContext,
  db: DbOrTx,
  payment: PaymentRow,
  payerEmail: string,
): Promise<void> {
  await notifications.notifyDirectors(ctx, db, {
    type: 'other',
    priority: 'normal',
    title: 'Payment awaiting confirmation',
    message: `${payerEmail} paid ${formatAmount(payment.currency, payment.amount)} by ${PAYMENT_METHOD_WORDS[payment.paymentMethod]} for ${paidFor(payment)}; confirm when it arrives.`,
    actionUrl: APPROVALS_PATH,
    details: detailsOf(ctx, payment, 'For'),
  });
}

/** The payer is told money is on its way back (a cancelled order, an approved return). */
export async function notifyRefund(
  ctx: AppContext,
  db: DbOrTx,
  payment: PaymentRow,
  refund: { amount: string },
): Promise<void> {
  await notifications.notify(ctx, db, {
    userId: payment.userId,
    type: 'payment_received',
    priority: 'normal',
    title: 'Refund sent',
    message: `We refunded ${formatAmount(payment.currency, refund.amount)} of your payment ${payment.reference} by ${PAYMENT_METHOD_WORDS[payment.paymentMethod]}.`,
    actionUrl: '/orders',
    details: [
      ...testModeDetails(ctx),
      { label: 'Refunded', value: formatAmount(payment.currency, refund.amount) },
      { label: 'Payment', value: payment.reference },
      { label: 'For', value: paidFor(payment) },
    ],
  });
}

/** Directors are told a refund the provider kept refusing waits for one of them: it is never dropped silently. */
export async function alertRefundFailed(
  ctx: AppContext,
  db: DbOrTx,
  payment: PaymentRow,
  refund: { amount: string; lastError: string | null },
  actionUrl: string,
): Promise<void> {
  await notifications.notifyDirectors(ctx, db, {
    type: 'other',
    priority: 'high',
    title: 'Refund refused by the payment provider',
    message: `A refund of ${formatAmount(payment.currency, refund.amount)} of payment ${payment.reference} was refused (${refund.lastError ?? 'no reason given'}); send it again from the order queue.`,
    actionUrl,
    details: [
      { label: 'Refund', value: formatAmount(payment.currency, refund.amount) },
      { label: 'Payment', value: payment.reference },
    ],
  });
}
