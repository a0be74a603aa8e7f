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
