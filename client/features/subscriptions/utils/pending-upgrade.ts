import { CONFIRMATION_TIME, isOfflineMethod, PAYMENT_METHOD_WORDS } from '@contract/payments';
import type { PendingUpgrade } from '@contract/subscriptions';
import { DIRECTOR_TIER, tierLabel } from '@contract/tiers';
import { formatDate, formatMoneyWithCode } from '@/lib/format';

/** The steps still ahead of a waiting upgrade, in the order they happen. */
export function nextSteps({ subscription, payment, waitingFor }: PendingUpgrade): string[] {
  const tier = tierLabel(subscription.tier);
  const staff = subscription.tier >= DIRECTOR_TIER;
  const amount = formatMoneyWithCode(subscription.amount, subscription.currency);
  const changes = `Your tier changes to ${tier} and you are told by notification and e-mail.`;
  if (waitingFor === 'approval') {
    return [
      `Payment received${payment?.completedAt ? ` on ${formatDate(payment.completedAt)}` : ''}.`,
      `A Director approves the staff tier, usually within ${CONFIRMATION_TIME}.`,
      changes,
    ];
  }
  const method = payment?.paymentMethod ?? 'stripe';
  if (!isOfflineMethod(method)) {
    return [
      'Your card payment is being processed by the card provider.',
      staff
        ? 'Once it completes, a Director approves the staff tier.'
        : 'It usually completes within minutes.',
      changes,
    ];
  }
  return [
    `Send ${amount} by ${PAYMENT_METHOD_WORDS[method]} using the details below, quoting your reference.`,
    `A Director confirms the payment once it arrives, usually within ${CONFIRMATION_TIME}.`,
    staff ? `A Director then approves the staff tier. ${changes}` : changes,
  ];
}
