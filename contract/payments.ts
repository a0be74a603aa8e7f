import { z } from 'zod';
import { listQuerySchema } from './lists.js';

export const PAYMENT_STATUSES = ['completed', 'pending', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** stripe is the card method (spec section 9); orders use the same list. */
export const PAYMENT_METHODS = ['stripe', 'crypto', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_PURPOSES = ['tier_upgrade', 'order', 'other'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_DEFAULT_CURRENCY = 'USD';

export const SUBSCRIPTION_STATUSES = ['active', 'pending', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** Money in: a number or a decimal string with at most two decimals; out: always a decimal string. */
const amountInput = z
  .union([z.string(), z.number()], { error: 'Amount is required' })
  .transform((value) => (typeof value === 'number' ? value.toFixed(2) : value.trim()))
  .pipe(
    z
      .string()
      .min(1, 'Amount is required')
      .regex(/^\d{1,8}(\.\d{1,2})?$/, 'Amount must be a positive number with at most two decimals')
      .refine((value) => Number(value) > 0, 'Amount must be greater than zero'),
  );

export const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code');

/** `POST /api/payments` (spec 5.9): amount and currency are read-only in the dialog, the method is chosen. */
export const createPaymentRequestSchema = z.object({
  amount: amountInput,
  paymentMethod: z.enum(PAYMENT_METHODS).default('stripe'),
  currency: currencySchema.default(PAYMENT_DEFAULT_CURRENCY),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').optional(),
});
export type CreatePaymentRequest = z.input<typeof createPaymentRequestSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  amount: z.string(),
  currency: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  purpose: z.enum(PAYMENT_PURPOSES),
  description: z.string().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A Director's queue: the payment and whose it is. */
export const adminPaymentSchema = paymentSchema.extend({ userEmail: z.string() });
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  tier: z.number().int(),
  tierName: z.string(),
  billing: z.enum(BILLING_PERIODS),
  amount: z.string(),
  currency: z.string(),
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
 * a Director to confirm it) or `pending_approval` (tier 4 waits for a Director's approval).
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

/** A Director's queue of upgrades waiting for approval (tier 4) or for their payment. */
export const adminUpgradeSchema = subscriptionSchema.extend({
  userEmail: z.string(),
  currentTier: z.number().int(),
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
});
export type AdminUpgrade = z.infer<typeof adminUpgradeSchema>;

export const adminPaymentsQuerySchema = listQuerySchema.extend({
  status: z.enum(PAYMENT_STATUSES).optional(),
});
