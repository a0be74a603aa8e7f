import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  PAYMENT_DEFAULT_CURRENCY,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
} from '../../../contract/payments.js';
import { BILLING_PERIODS, SUBSCRIPTION_STATUSES } from '../../../contract/subscriptions.js';
import { DEFAULT_TIER, TIER_MAX } from '../../../contract/tiers.js';
import { between, createdAt, currencyCheck, money, nonNegative, updatedAt } from './columns.js';
import { users } from './users.js';

export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
/** Shared with orders, which import it from here. */
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const paymentPurposeEnum = pgEnum('payment_purpose', PAYMENT_PURPOSES);
export const subscriptionStatusEnum = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const billingPeriodEnum = pgEnum('billing_period', BILLING_PERIODS);

/** Payment references count up: short enough for a bank's reference field, never colliding. */
export const paymentReferenceSeq = pgSequence('payment_reference_seq', { startWith: 100001 });

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Restrict: billing history must not vanish with an account; removing such a user is a deliberate act. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    tier: integer('tier').notNull(),
    billing: billingPeriodEnum('billing').notNull(),
    /** The price per period when subscribed, so a later price change does not rewrite history. */
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default(PAYMENT_DEFAULT_CURRENCY),
    /**
     * How it is paid, from its first payment: only a card ('stripe') renews by itself; a bank transfer or crypto
     * subscription ends with its period unless its owner pays again.
     */
    paymentMethod: paymentMethodEnum('payment_method').notNull().default('stripe'),
    /** pending until the first payment completes (at once for cards, after a Director for the rest and tier 4). */
    status: subscriptionStatusEnum('status').notNull().default('pending'),
    /** Null while pending: the period starts when the payment completes. */
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /**
     * Where periods are counted from: the n-th ends n calendar months (or years) after it, so a subscription from
     * Jan 31 renews on Feb 29 and then on Mar 31, which adding a month to each period's end would lose. Set with
     * the first period, and again when a renewal starts afresh after a lapse; null while pending.
     */
    periodAnchor: timestamp('period_anchor', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Tier 1 is free, so there is nothing to subscribe to below tier 2.
    between('subscriptions_tier_range', t.tier, DEFAULT_TIER + 1, TIER_MAX),
    nonNegative('subscriptions_amount_non_negative', t.amount),
    currencyCheck('subscriptions_currency_format', t.currency),
    check(
      'subscriptions_period_order',
      sql`${t.currentPeriodEnd} is null or ${t.currentPeriodStart} is null or ${t.currentPeriodEnd} > ${t.currentPeriodStart}`,
    ),
    check(
      'subscriptions_active_has_period',
      sql`${t.status} <> 'active' or (${t.currentPeriodStart} is not null and ${t.currentPeriodEnd} is not null)`,
    ),
    // At most one active subscription a user: an upgrade must end the old one in the same transaction.
    uniqueIndex('subscriptions_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    index('subscriptions_user_created_idx').on(t.userId, t.createdAt),
    // The expiry job's scan.
    index('subscriptions_active_period_end_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} = 'active'`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * What a payer quotes with a bank transfer or crypto payment and what their receipt names: at most 16 letters,
     * digits and '-' (design 12.7), so it fits a bank's reference field.
     */
    reference: text('reference')
      .notNull()
      .unique()
      .default(sql`('PAY-' || nextval('payment_reference_seq')::text)`),
    /** Restrict, as for subscriptions: payments are accounting records. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default(PAYMENT_DEFAULT_CURRENCY),
    paymentMethod: paymentMethodEnum('payment_method').notNull().default('stripe'),
    status: paymentStatusEnum('status').notNull().default('pending'),
    purpose: paymentPurposeEnum('purpose').notNull().default('other'),
    description: text('description'),
    /** Set for tier upgrades; a subscription has one payment per period. Orders point here instead. */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'restrict' }),
    /** Which provider took it ('test', 'stripe', ...) and its own reference, for reconciliation. */
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    /** The Director who confirmed a pending crypto, bank transfer or tier-4 payment. */
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_reference_format', sql`${t.reference} ~ '^[A-Za-z0-9-]{1,16}$'`),
    currencyCheck('payments_currency_format', t.currency),
    check(
      'payments_upgrade_has_subscription',
      sql`${t.purpose} <> 'tier_upgrade' or ${t.subscriptionId} is not null`,
    ),
    check('payments_completed_has_time', sql`${t.status} <> 'completed' or ${t.completedAt} is not null`),
    // A provider webhook delivered twice must find the payment it already recorded.
    uniqueIndex('payments_provider_reference_key').on(t.provider, t.providerReference),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_subscription_idx').on(t.subscriptionId),
    // The Director's approval queue.
    index('payments_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // Revenue figures of the analytics dashboard.
    index('payments_completed_at_idx')
      .on(t.completedAt)
      .where(sql`${t.status} = 'completed'`),
  ],
);

/** A payments row as stored: what settlement handlers and payment notices work with. */
export type PaymentRow = typeof payments.$inferSelect;
