import { CONFIRMATION_TIME, PAYMENT_METHOD_WORDS } from '@contract/payments';
import type { Subscription } from '@contract/subscriptions';
import { formatDate, formatMoneyWithCode } from '@/lib/format';

/**
 * What continuing a subscription paid by bank transfer or crypto asks for: it ends on its end date, and then the
 * tier is chosen again and paid by a new payment of the same kind, with a new reference, which a Director confirms.
 */
export function manualRenewalTerms(subscription: Subscription): string {
  const method = PAYMENT_METHOD_WORDS[subscription.paymentMethod];
  const payment = subscription.paymentMethod === 'crypto' ? 'crypto payment' : method;
  const ends = subscription.currentPeriodEnd
    ? `on ${formatDate(subscription.currentPeriodEnd)}`
    : 'with its period';
  const amount = formatMoneyWithCode(subscription.amount, subscription.currency);
  return (
    `Paid by ${method}, so it does not renew by itself: it ends ${ends}. To continue then, choose ` +
    `${subscription.tierName} again under Tier Upgrade and pay ${amount} by a new ${payment}, quoting the new ` +
    `reference it gives you; a Director confirms it once it arrives, usually within ${CONFIRMATION_TIME}.`
  );
}
