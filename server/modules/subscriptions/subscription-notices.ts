import { tierName } from '../../../contract/tiers.js';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext } from '../../infra/context.js';
import type { TierChangeReason } from '../../infra/events.js';
import * as notifications from '../notifications/notifications.service.js';
import * as payments from '../payments/payments.service.js';
import type { SubscriptionRow } from './subscriptions.repository.js';

/**
 * What a subscription's changes tell its owner (a new tier, a rejection, a renewal, an end) and the Directors (a
 * tier 4 upgrade to approve), each written in the transaction of the change (decision 006).
 */

const planOf = (subscription: SubscriptionRow) =>
  `${tierName(subscription.tier)} (tier ${subscription.tier}), ${subscription.billing}`;

/** "24 December 2026", in UTC like the periods themselves. */
export const dayOf = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export async function notifyTierChanged(
  ctx: AppContext,
  db: DbOrTx,
  change: { userId: string; from: number; to: number; reason: TierChangeReason },
): Promise<void> {
  const { from, to, reason } = change;
  const raised = to > from;
  await notifications.notify(ctx, db, {
    userId: change.userId,
    type: 'tier_upgrade',
    priority: raised ? 'normal' : 'high',
    title: raised ? `Welcome to tier ${to}` : `Your access is now tier ${to}`,
    message: raised
      ? `Your access tier is now ${to} (was ${from}).`
      : reason === 'expiry'
        ? `Your paid period ended, so your access tier went from ${from} to ${to}. Renew on the payments page.`
        : `Your access tier went from ${from} to ${to}.`,
    actionUrl: '/payments',
  });
}

export async function notifyUpgradeRejected(
  ctx: AppContext,
  db: DbOrTx,
  subscription: SubscriptionRow,
): Promise<void> {
  await notifications.notify(ctx, db, {
    userId: subscription.userId,
    type: 'tier_upgrade',
    priority: 'high',
    title: 'Upgrade not approved',
    message: `Your upgrade to tier ${subscription.tier} was not approved; its payment is refunded or cancelled.`,
    actionUrl: '/payments',
  });
}

/** The next period was paid (its receipt comes with the charge). */
export async function notifyRenewed(
  ctx: AppContext,
  db: DbOrTx,
  subscription: SubscriptionRow,
  until: Date,
): Promise<void> {
  await notifications.notify(ctx, db, {
    userId: subscription.userId,
    type: 'tier_upgrade',
    priority: 'normal',
    title: 'Subscription renewed',
    message: `Your subscription renewed until ${dayOf(until)}: ${planOf(subscription)}.`,
    actionUrl: '/payments',
    details: payments.testModeDetails(ctx),
  });
}

/** A subscription ended without moving the tier (the user's tier is the default, or one it did not grant). */
export async function notifyEnded(
  ctx: AppContext,
  db: DbOrTx,
  subscription: SubscriptionRow,
  tierNow: number,
): Promise<void> {
  await notifications.notify(ctx, db, {
    userId: subscription.userId,
    type: 'tier_upgrade',
    priority: 'normal',
    title: 'Your subscription ended',
    message: `Your ${tierName(subscription.tier)} (tier ${subscription.tier}) subscription ended; your access tier stays ${tierNow}.`,
    actionUrl: '/payments',
  });
}

/** Staff queue alert: a paid tier 4 upgrade waits for a Director's approval. */
export async function alertAwaitingApproval(
  ctx: AppContext,
  db: DbOrTx,
  subscription: SubscriptionRow,
  userEmail: string,
): Promise<void> {
  await notifications.notifyDirectors(ctx, db, {
    type: 'other',
    priority: 'normal',
    title: 'Tier 4 upgrade awaiting approval',
    message: `${userEmail} paid ${payments.formatAmount(subscription.currency, subscription.amount)} for ${planOf(subscription)}; approve or reject the upgrade.`,
    actionUrl: payments.APPROVALS_PATH,
  });
}
