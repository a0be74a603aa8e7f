/**
 * The payments and subscriptions features refresh each other's lists: an upgrade adds a payment to the history,
 * settling a payment starts or calls off the upgrade it paid for, reviewing an upgrade settles or refunds its
 * payment. Their keys live here, below both features; each feature's api file builds its query from them.
 */
export const PAYMENTS_PATH = '/api/payments';

/** The signed-in user's payments (the payment history). */
export const paymentsQueryKey = [PAYMENTS_PATH] as const;

export const ADMIN_PAYMENTS_PATH = '/api/admin/payments';

/** Payments waiting for a Director to confirm that the money arrived (crypto, bank transfers). */
export const pendingPaymentsQueryKey = [ADMIN_PAYMENTS_PATH, { status: 'pending' }] as const;

export const ADMIN_UPGRADES_PATH = '/api/admin/upgrades';

/** Upgrades waiting for their payment or a Director's approval. */
export const pendingUpgradesQueryKey = [ADMIN_UPGRADES_PATH] as const;
