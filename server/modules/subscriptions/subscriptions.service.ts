import type {
  AdminUpgrade,
  BillingPeriod,
  PendingUpgrade,
  Subscription,
  UpgradeOutcome,
  UpgradeTierResponse,
} from '../../../contract/subscriptions.js';
import { PAYMENT_DEFAULT_CURRENCY, PAYMENT_METHOD_WORDS } from '../../../contract/payments.js';
import { renewsByItself, type upgradeTierRequestSchema } from '../../../contract/subscriptions.js';
import { DEFAULT_TIER, DIRECTOR_TIER, TIER_PLANS, tierName } from '../../../contract/tiers.js';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { AppContext, RequestMeta, Settlement } from '../../infra/context.js';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors.js';
import type { TierChangeReason } from '../../infra/events.js';
import { addCalendarMonths } from '../../lib/calendar.js';
import { isId } from '../../lib/ids.js';
import * as audit from '../audit/audit.service.js';
import * as auth from '../auth/auth.service.js';
import * as payments from '../payments/payments.service.js';
import * as notices from './subscription-notices.js';
import * as repository from './subscriptions.repository.js';
import type { SubscriptionRow } from './subscriptions.repository.js';

type UpgradeInput = z.output<typeof upgradeTierRequestSchema>;
/** Events for automation rules, announced once the transaction has committed (only for changes that happened). */
type AfterCommit = () => Promise<void>;

const MONTHS: Record<BillingPeriod, number> = { monthly: 1, yearly: 12 };

/**
 * The end of the `n`-th period counted from `anchor`: n calendar months or years after it, in UTC. Counted from the
 * anchor rather than from the last period's end, so a day a month lacks is clamped in that month only
 * (Jan 31 -> Feb 29 -> Mar 31; Feb 29 -> Feb 28 next year -> Feb 29 four years on).
 */
export function periodEnd(anchor: Date, billing: BillingPeriod, n = 1): Date {
  return addCalendarMonths(anchor, MONTHS[billing] * n);
}

/** The first period end counted from `anchor` that comes after `after`. */
export function nextPeriodEnd(anchor: Date, billing: BillingPeriod, after: Date): Date {
  let n = 1;
  while (periodEnd(anchor, billing, n) <= after) n++;
  return periodEnd(anchor, billing, n);
}

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    tier: row.tier,
    tierName: tierName(row.tier),
    billing: row.billing,
    amount: row.amount,
    currency: row.currency,
    paymentMethod: row.paymentMethod,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getActive(ctx: AppContext, userId: string): Promise<Subscription | null> {
  const row = await repository.findActive(ctx.db, userId);
  return row ? toSubscription(row) : null;
}

/** The user's upgrade that still waits (one at most), with its payment and what it waits for; null when none. */
export async function getPending(ctx: AppContext, userId: string): Promise<PendingUpgrade | null> {
  const row = await repository.findPending(ctx.db, userId);
  if (!row) return null;
  const payment = await payments.findForSubscription(ctx.db, row.id);
  return {
    subscription: toSubscription(row),
    payment: payment ? payments.toPayment(payment) : null,
    waitingFor: payment?.status === 'completed' ? 'approval' : 'payment',
  };
}

function priceOf(tier: number, billing: BillingPeriod): string {
  const plan = TIER_PLANS.find((entry) => entry.tier === tier);
  if (!plan) throw validationFailed([{ path: 'tier', message: 'Tier must be 2, 3 or 4' }]);
  return plan[billing].toFixed(2);
}

/**
 * The subscription takes effect: it becomes the user's one active subscription (replacing an earlier one), its
 * period starts now, and the user's tier becomes its tier. Runs in the caller's transaction, which also tells the
 * user; the `tier.changed` event is returned for after the commit. `actorId` is who made it happen, for the audit
 * trail: the user (whose payment the provider took), a Director (who confirmed it or approved), or null (the system).
 */
async function activate(
  tx: Tx,
  subscription: SubscriptionRow,
  reason: TierChangeReason,
  ctx: AppContext,
  actorId: string | null,
  ip: string | null,
): Promise<AfterCommit> {
  const previous = await repository.findActive(tx, subscription.userId);
  if (previous && previous.id !== subscription.id) await repository.setStatus(tx, previous.id, 'cancelled');
  const start = ctx.now();
  await repository.activate(tx, subscription.id, start, periodEnd(start, subscription.billing));
  const { before } = await auth.changeTier(tx, subscription.userId, subscription.tier, {
    reason,
    actorId,
    ip,
  });
  await notices.notifyTierChanged(ctx, tx, {
    userId: subscription.userId,
    from: before.tier,
    to: subscription.tier,
    reason,
  });
  return () => {
    // This instance serves the new tier at once; the others hear of it through the change feed.
    ctx.forgetUser(subscription.userId);
    return ctx.events.emit('tier.changed', {
      userId: subscription.userId,
      from: before.tier,
      to: subscription.tier,
      reason,
    });
  };
}

/**
 * `POST /api/upgrade-tier`: a tier above the user's own, paid through the method's provider. Tiers 2 and 3 take
 * effect when the payment completes (at once for cards with the test provider); tier 4 also waits for a Director's
 * approval, as tier 4 is staff-level. One upgrade may wait at a time. The subscription and its pending payment are
 * recorded with the user's row locked; the payment goes to its provider after the commit (decision 018) and, when
 * taken at once, settles through `tierUpgradeSettlement` like any other, which raises the tier.
 */
export async function upgrade(
  ctx: AppContext,
  userId: string,
  input: UpgradeInput,
  meta: RequestMeta,
): Promise<UpgradeTierResponse> {
  const amount = priceOf(input.tier, input.billing);
  const { payment, subscriptionId } = await ctx.db.transaction(async (tx) => {
    const user = await auth.lockUser(tx, userId);
    if (!user) throw notFound('User');
    if (input.tier <= user.tier) {
      throw validationFailed([
        { path: 'tier', message: `You already have tier ${user.tier}; choose a higher tier` },
      ]);
    }
    const waiting = await repository.findPending(tx, userId);
    if (waiting) {
      throw new AppError(
        'UPGRADE_PENDING',
        `Your upgrade to ${tierName(waiting.tier)} (tier ${waiting.tier}) is still waiting for confirmation; another upgrade can be asked for once it is settled`,
      );
    }
    const created = await repository.insert(tx, {
      userId,
      tier: input.tier,
      billing: input.billing,
      amount,
      currency: PAYMENT_DEFAULT_CURRENCY,
      paymentMethod: input.paymentMethod,
    });
    const payment = await payments.record(ctx, tx, {
      userId,
      amount,
      currency: PAYMENT_DEFAULT_CURRENCY,
      method: input.paymentMethod,
      purpose: 'tier_upgrade',
      description: `${tierName(input.tier)} (tier ${input.tier}), ${input.billing}`,
      subscriptionId: created.id,
    });
    await audit.record(tx, {
      action: 'subscription.requested',
      userId,
      ip: meta.ip,
      details: {
        subscriptionId: created.id,
        tier: input.tier,
        billing: input.billing,
        paymentId: payment.id,
      },
    });
    return { payment, subscriptionId: created.id };
  });

  const settled = await payments.submitOrLeave(ctx, payment, meta.ip);
  const subscription = (await repository.findById(ctx.db, subscriptionId))!;
  const outcome: UpgradeOutcome =
    subscription.status === 'active'
      ? 'active'
      : subscription.status === 'pending' && settled.status === 'completed'
        ? 'pending_approval'
        : 'pending_payment';
  const user = await auth.findUser(ctx.db, userId);
  return {
    outcome,
    tier: user?.tier ?? DEFAULT_TIER,
    subscription: toSubscription(subscription),
    payment: payments.toPayment(settled),
  };
}

/**
 * `POST /api/subscriptions/cancel`: auto renewal off; the tier stays until the paid period ends. Only a card
 * subscription renews by itself: one paid by bank transfer or crypto has no auto renewal to turn off (409).
 */
export async function cancel(ctx: AppContext, userId: string, meta: RequestMeta): Promise<Subscription> {
  return ctx.db.transaction(async (tx) => {
    const active = await repository.findActive(tx, userId);
    if (!active) throw notFound('Active subscription');
    if (!renewsByItself(active)) {
      const ends = active.currentPeriodEnd
        ? ` on ${notices.dayOf(active.currentPeriodEnd)}`
        : ' with its period';
      throw conflict(
        `Your subscription is paid by ${PAYMENT_METHOD_WORDS[active.paymentMethod]} and does not renew by itself, so there is no auto renewal to cancel: it ends${ends}.`,
      );
    }
    if (active.cancelAtPeriodEnd) return toSubscription(active);
    const row = await repository.setCancelAtPeriodEnd(tx, active.id);
    await audit.record(tx, {
      action: 'subscription.cancelled',
      userId,
      ip: meta.ip,
      details: { subscriptionId: active.id, endsAt: active.currentPeriodEnd?.toISOString() },
    });
    return toSubscription(row);
  });
}

/**
 * An upgrade's pending payment was settled (by the card provider at once, its webhook, or a Director; payments
 * calls this in its transaction): a failed payment cancels the upgrade; a completed one makes tiers 2 and 3 take
 * effect, while tier 4 still waits for approval, which the Directors are told. A renewal's payment (one for a
 * subscription that is active) extends the period when it completed; when it failed, the expiry job ends the
 * subscription.
 */
export const tierUpgradeSettlement: Settlement = {
  async handler(ctx, tx, payment, ip) {
    if (!payment.subscriptionId) return;
    const subscription = await repository.findById(tx, payment.subscriptionId, { lock: true });
    if (subscription?.status === 'active' && payment.status === 'completed') {
      await renewed(ctx, tx, subscription, payment, ip);
      return;
    }
    if (!subscription || subscription.status !== 'pending') return;
    if (payment.status === 'failed') {
      await repository.setStatus(tx, subscription.id, 'cancelled');
      return;
    }
    if (payment.status !== 'completed') return;
    const user = await auth.lockUser(tx, subscription.userId);
    if (subscription.tier < DIRECTOR_TIER) {
      // A Director who confirmed the payment made it happen; a provider's answer to the user's own payment, the user.
      return activate(tx, subscription, 'upgrade', ctx, payment.confirmedBy ?? payment.userId, ip);
    }
    await notices.alertAwaitingApproval(ctx, tx, subscription, user?.email ?? 'A user');
  },
};

export async function listPendingUpgrades(ctx: AppContext, limit: number): Promise<AdminUpgrade[]> {
  const rows = await repository.listPendingWithUsers(ctx.db, limit);
  return rows.map(({ subscription, userEmail, currentTier, paymentStatus }) => ({
    ...toSubscription(subscription),
    userEmail,
    currentTier,
    paymentStatus,
  }));
}

async function pendingOrThrow(tx: DbOrTx, id: string): Promise<SubscriptionRow> {
  const subscription = isId(id) ? await repository.findById(tx, id, { lock: true }) : null;
  if (!subscription) throw notFound('Upgrade');
  if (subscription.status !== 'pending') throw conflict(`This upgrade is already ${subscription.status}`);
  return subscription;
}

/** A Director approves a paid upgrade (tier 4 always needs this); 409 while its payment has not completed. */
export async function approveUpgrade(
  ctx: AppContext,
  directorId: string,
  id: string,
  meta: Pick<RequestMeta, 'ip'>,
): Promise<Subscription> {
  const { row, after } = await ctx.db.transaction(async (tx) => {
    const subscription = await pendingOrThrow(tx, id);
    const payment = await payments.findForSubscription(tx, subscription.id);
    if (payment?.status !== 'completed') {
      throw conflict('The payment for this upgrade has not completed yet; confirm it first');
    }
    await auth.lockUser(tx, subscription.userId);
    const after = await activate(tx, subscription, 'approval', ctx, directorId, meta.ip);
    await audit.record(tx, {
      action: 'upgrade.approved',
      userId: directorId,
      subjectType: 'subscription',
      subject: subscription.id,
      subjectUserId: subscription.userId,
      ip: meta.ip,
      details: { subscriptionId: subscription.id, ownerId: subscription.userId, tier: subscription.tier },
    });
    return { row: (await repository.findById(tx, subscription.id))!, after };
  });
  await after();
  return toSubscription(row);
}

/**
 * A Director turns an upgrade down: it is cancelled, a pending payment fails and a completed one is refunded
 * through its provider; the user is told in the same transaction.
 */
export async function rejectUpgrade(
  ctx: AppContext,
  directorId: string,
  id: string,
  meta: Pick<RequestMeta, 'ip'>,
): Promise<Subscription> {
  const row = await ctx.db.transaction(async (tx) => {
    const subscription = await pendingOrThrow(tx, id);
    const payment = await payments.findForSubscription(tx, subscription.id);
    if (payment) await payments.refundOrFail(ctx, tx, payment);
    const cancelled = (await repository.setStatus(tx, subscription.id, 'cancelled'))!;
    await notices.notifyUpgradeRejected(ctx, tx, cancelled);
    await audit.record(tx, {
      action: 'upgrade.rejected',
      userId: directorId,
      subjectType: 'subscription',
      subject: subscription.id,
      subjectUserId: subscription.userId,
      ip: meta.ip,
      details: { subscriptionId: subscription.id, ownerId: subscription.userId, tier: subscription.tier },
    });
    return cancelled;
  });
  await ctx.events.emit('upgrade.rejected', { userId: row.userId, tier: row.tier });
  return toSubscription(row);
}

const EXPIRY_BATCH = 100;

/**
 * The expiry job: every active subscription whose period ended by `now` renews (card payments, unless cancelled)
 * or ends, and then the user's tier falls back to the default tier - unless it is above the subscription's tier,
 * which this subscription did not grant. Crypto and bank transfers do not renew by themselves. The user is told of
 * each end in its batch's transaction. A renewal's payment is recorded in the batch's transaction and charged after
 * its commit, with no subscription locked (decision 018); `tierUpgradeSettlement` extends the period when the card
 * provider takes it, and one it does not take at once fails on the next pass, which ends the subscription. Runs in
 * batches; concurrent runs skip each other's rows. Returns how many subscriptions ended.
 */
export async function expireEnded(ctx: AppContext, now = new Date()): Promise<number> {
  let ended = 0;
  for (;;) {
    const { count, after, renewals, done } = await ctx.db.transaction(async (tx) => {
      const due = await repository.lockEnded(tx, now, EXPIRY_BATCH);
      const after: AfterCommit[] = [];
      const renewals: payments.PaymentRow[] = [];
      let count = 0;
      for (const subscription of due) {
        const renewal = await recordRenewal(ctx, tx, subscription);
        if (renewal) {
          renewals.push(renewal);
          continue;
        }
        await repository.setStatus(tx, subscription.id, 'expired');
        await audit.record(tx, {
          action: 'subscription.expired',
          userId: subscription.userId,
          details: { subscriptionId: subscription.id, tier: subscription.tier },
        });
        const user = await auth.lockUser(tx, subscription.userId);
        if (user && user.tier <= subscription.tier && user.tier !== DEFAULT_TIER) {
          await auth.changeTier(tx, user.id, DEFAULT_TIER, { reason: 'expiry', actorId: null });
          await notices.notifyTierChanged(ctx, tx, {
            userId: user.id,
            from: user.tier,
            to: DEFAULT_TIER,
            reason: 'expiry',
          });
          after.push(() => {
            ctx.forgetUser(user.id);
            return ctx.events.emit('tier.changed', {
              userId: user.id,
              from: user.tier,
              to: DEFAULT_TIER,
              reason: 'expiry',
            });
          });
        } else if (user) {
          await notices.notifyEnded(ctx, tx, subscription, user.tier);
        }
        count++;
      }
      return { count, after, renewals, done: due.length < EXPIRY_BATCH };
    });
    for (const run of after) await run();
    // One the provider cannot be reached for stays pending and out of the next pass: the payments job retries it.
    for (const payment of renewals) await payments.submitOrLeave(ctx, payment);
    ended += count;
    // Renewals not taken at once are due again: the next pass fails them and ends their subscriptions.
    if (done && renewals.length === 0) return ended;
  }
}

/**
 * The next period's payment of a card subscription that was not cancelled, recorded pending in the expiry job's
 * transaction; null when the subscription ends instead. A renewal payment already charged but still pending (the
 * card provider did not take it at once: no saved card pays it now) fails here, and the user is told; one that
 * failed ends the subscription too.
 */
async function recordRenewal(
  ctx: AppContext,
  tx: Tx,
  subscription: SubscriptionRow,
): Promise<payments.PaymentRow | null> {
  if (!subscription.currentPeriodEnd) return null;
  const last = await payments.findForSubscription(tx, subscription.id);
  // The payment that activated an active subscription, and each renewal that extended it, completed: a later
  // pending or failed one is this period's renewal.
  if (last?.status === 'pending') {
    await payments.failIfPending(ctx, tx, last);
    return null;
  }
  if (last?.status === 'failed') return null;
  if (subscription.cancelAtPeriodEnd || !renewsByItself(subscription)) return null;
  return payments.record(ctx, tx, {
    userId: subscription.userId,
    amount: subscription.amount,
    currency: subscription.currency,
    method: 'stripe',
    purpose: 'tier_upgrade',
    description: `${tierName(subscription.tier)} (tier ${subscription.tier}), ${subscription.billing} renewal`,
    subscriptionId: subscription.id,
  });
}

/**
 * A renewal's payment completed: the next period starts where the last one ended and ends on the anchor's day (or
 * starts now, with a new anchor, when the subscription lapsed a whole period ago and the job did not run, rather
 * than billing the gap), with the user's notice, in the settling transaction.
 */
async function renewed(
  ctx: AppContext,
  tx: Tx,
  subscription: SubscriptionRow,
  payment: payments.PaymentRow,
  ip: string | null,
): Promise<void> {
  const now = ctx.now();
  const ended = subscription.currentPeriodEnd ?? now;
  // Rows activated before anchors were kept start their count at their current period.
  const anchor = subscription.periodAnchor ?? subscription.currentPeriodStart ?? ended;
  const next = nextPeriodEnd(anchor, subscription.billing, ended);
  const period =
    next > now
      ? { start: ended, end: next, anchor }
      : { start: now, end: periodEnd(now, subscription.billing), anchor: now };
  await repository.extendPeriod(tx, subscription.id, period);
  await notices.notifyRenewed(ctx, tx, subscription, period.end);
  await audit.record(tx, {
    action: 'subscription.renewed',
    userId: subscription.userId,
    ip,
    details: { subscriptionId: subscription.id, paymentId: payment.id },
  });
}

/**
 * How many tier 4 upgrades wait for a Director's approval: paid, and pending only because Director upgrades always
 * need one. Those whose payment is still pending count among the payments to confirm instead.
 */
export async function countAwaitingApproval(ctx: AppContext): Promise<number> {
  return repository.countPaidPending(ctx.db, DIRECTOR_TIER);
}
