import { z } from 'zod';
import { listQuerySchema } from './lists.js';

export const PAYMENT_STATUSES = ['completed', 'pending', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** stripe is the card method; orders use the same list. */
export const PAYMENT_METHODS = ['stripe', 'crypto', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_PURPOSES = ['tier_upgrade', 'order', 'other'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_DEFAULT_CURRENCY = 'USD';

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

/** `POST /api/payments`: amount and currency are read-only in the dialog, the method is chosen. */
export const createPaymentRequestSchema = z.object({
  amount: amountInput,
  paymentMethod: z.enum(PAYMENT_METHODS).default('stripe'),
  currency: currencySchema.default(PAYMENT_DEFAULT_CURRENCY),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').optional(),
});
export type CreatePaymentRequest = z.input<typeof createPaymentRequestSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  /** What the client quotes on a bank transfer or a crypto payment (design 12.7): `PAY-` and a number. */
  reference: z.string(),
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

/** The methods a Director confirms by hand: the client pays outside the portal, quoting the payment's reference. */
/** A method as a sentence names it ("paid by bank transfer"), in mails and on screens alike. */
export const PAYMENT_METHOD_WORDS: Record<PaymentMethod, string> = {
  stripe: 'card',
  crypto: 'crypto',
  bank_transfer: 'bank transfer',
};

export const OFFLINE_PAYMENT_METHODS = ['bank_transfer', 'crypto'] as const;
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];

/** Bank transfers and crypto: paid outside the portal, confirmed by a Director, shown with instructions. */
export function isOfflineMethod(method: string): method is OfflinePaymentMethod {
  return (OFFLINE_PAYMENT_METHODS as readonly string[]).includes(method);
}

/** What every payment screen and payment mail says while the test card provider takes the payments. */
export const TEST_MODE_NOTICE = 'Test mode: no card is charged';

/** How a Director usually takes to confirm a transfer once it arrives; shown beside pending payments. */
export const CONFIRMATION_TIME = '1-2 business days';

const instructionsSchema = z.object({
  /** The operator's text (account or wallet details), or a placeholder saying it has not been set. */
  text: z.string(),
  /** False while the operator has not set it: the text is then the placeholder. */
  configured: z.boolean(),
});

/**
 * `GET /api/payments/instructions`: what to do to pay by bank transfer or crypto (the client quotes the payment's
 * `reference`), and whether payments are in test mode: the client's one read of how payments work here.
 */
export const paymentInstructionsSchema = z.object({
  bank_transfer: instructionsSchema,
  crypto: instructionsSchema,
  confirmationTime: z.string(),
  /**
   * True while the card provider is `test` (`PAYMENT_PROVIDER`, the default without Stripe keys): card payments
   * complete at once and no card is charged, which every payment screen says (`TEST_MODE_NOTICE`).
   */
  testMode: z.boolean(),
});
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

/** A Director's queue: the payment and whose it is. */
export const adminPaymentSchema = paymentSchema.extend({ userEmail: z.string() });
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsQuerySchema = listQuerySchema.extend({
  status: z.enum(PAYMENT_STATUSES).optional(),
});
