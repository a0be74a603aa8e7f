import { z } from 'zod';
import {
  isOfflineMethod,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  paymentSchema,
  type PaymentMethod,
} from './payments.js';

export const SUBSCRIPTION_STATUSES = ['active', 'pending', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const subscriptionSchema = z.object({
  id: z.string(),
  tier: z.number().int(),
  tierName: z.string(),
  billing: z.enum(BILLING_PERIODS),
  amount: z.string(),
  currency: z.string(),
  /**
   * How it is paid (its first payment's method). Only a card subscription (`stripe`) renews by itself and has auto
   * renewal to cancel; one paid by bank transfer or crypto ends with its period unless its owner pays again.
   */
  paymentMethod: z.enum(PAYMENT_METHODS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodStart: z.iso.datetime().nullable(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `POST /api/upgrade-tier` and `POST /api/subscriptions`: a paid tier above the current one. */
export const upgradeTierRequestSchema = z.object({
  tier: z.coerce
    .number({ error: 'Tier is required' })
    .int('Tier must be 2, 3 or 4')
    .min(2, 'Tier must be 2, 3 or 4')
    .max(4, 'Tier must be 2, 3 or 4'),
  billing: z.enum(BILLING_PERIODS).default('monthly'),
  paymentMethod: z.enum(PAYMENT_METHODS).default('stripe'),
});
export type UpgradeTierRequest = z.input<typeof upgradeTierRequestSchema>;

/**
 * What an upgrade did: `active` (the new tier applies now), `pending_payment` (a crypto or bank transfer waits for
 * a Director to confirm it; tier 4 then also waits for approval) or `pending_approval` (tier 4, paid, waits for a
 * Director's approval).
 */
export const UPGRADE_OUTCOMES = ['active', 'pending_payment', 'pending_approval'] as const;
export type UpgradeOutcome = (typeof UPGRADE_OUTCOMES)[number];

export const upgradeTierResponseSchema = z.object({
  outcome: z.enum(UPGRADE_OUTCOMES),
  tier: z.number().int(),
  subscription: subscriptionSchema,
  payment: paymentSchema,
});
export type UpgradeTierResponse = z.infer<typeof upgradeTierResponseSchema>;

/**
 * `GET /api/subscriptions/pending`: the user's upgrade that still waits, with its payment (whose id is the reference
 * to quote with a bank transfer or crypto), or null. `waitingFor` says what for: the payment to be confirmed, or a
 * Director's approval (tier 4, paid).
 */
export const pendingUpgradeSchema = z.object({
  subscription: subscriptionSchema,
  payment: paymentSchema.nullable(),
  waitingFor: z.enum(['payment', 'approval']),
});
export type PendingUpgrade = z.infer<typeof pendingUpgradeSchema>;

/** A Director's queue of upgrades waiting for approval (tier 4) or for their payment. */
export const adminUpgradeSchema = subscriptionSchema.extend({
  userEmail: z.string(),
  currentTier: z.number().int(),
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
});
export type AdminUpgrade = z.infer<typeof adminUpgradeSchema>;

/**
 * Whether a subscription renews by itself: only a card is charged without its owner, so one paid by bank transfer
 * or crypto is paid again by hand (design 12.7).
 */
export function renewsByItself(subscription: { paymentMethod: PaymentMethod }): boolean {
  return !isOfflineMethod(subscription.paymentMethod);
}
