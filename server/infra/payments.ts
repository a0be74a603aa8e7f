import { randomUUID } from 'node:crypto';
import type { PaymentMethod } from '../../contract/payments.js';
import type { AppConfig } from '../config/env.js';
import { stripeProvider } from './stripe.js';

export interface ChargeInput {
  amount: string;
  currency: string;
  method: PaymentMethod;
  description: string;
  /**
   * The same for every try of one payment (its id): a provider that supports idempotency (Stripe) creates one
   * charge however often it is asked, so a retry after a crash cannot charge twice.
   */
  idempotencyKey: string;
}

export interface ChargeResult {
  status: 'completed' | 'pending';
  /** Which provider took the payment ('test', 'manual', ...), recorded with it for reconciliation. */
  provider: string;
  /** The provider's own id for the payment. */
  reference: string;
}

export interface RefundInput {
  /** The provider that took the payment and its own reference for it. */
  provider: string;
  reference: string;
  /** What to give back; absent: the whole payment (an upgrade a Director turned down). */
  amount?: string;
  currency?: string;
  /** The same for every try of one refund (the refund's id): a provider with idempotency refunds once. */
  idempotencyKey?: string;
}

export interface PaymentProvider {
  readonly name: string;
  charge(input: ChargeInput): Promise<ChargeResult>;
  /** Gives a completed payment back, whole or in part; throws when the provider refuses. */
  refund(input: RefundInput): Promise<void>;
}

/** The default card provider (`test`): card payments complete at once and no card data is collected. */
export const testPaymentProvider: PaymentProvider = {
  name: 'test',
  async charge() {
    return { status: 'completed', provider: 'test', reference: `test_${randomUUID()}` };
  },
  async refund() {},
};

/**
 * Crypto and bank transfers: nothing is charged here; the payment stays pending until a Director confirms the money
 * arrived (or fails it), through `POST /api/admin/payments/{id}/confirm|fail`.
 */
export const manualPaymentProvider: PaymentProvider = {
  name: 'manual',
  async charge() {
    return { status: 'pending', provider: 'manual', reference: `manual_${randomUUID()}` };
  },
  /** The money came by hand and goes back by hand; the record says it was refunded. */
  async refund() {},
};

/** Sends each payment method to its provider: cards to the configured card provider, the rest to `manual`. */
export function routePayments(card: PaymentProvider, manual: PaymentProvider = manualPaymentProvider) {
  return {
    name: card.name,
    charge: (input: ChargeInput) => (input.method === 'stripe' ? card : manual).charge(input),
    refund: (input) => (input.provider === manual.name ? manual : card).refund(input),
  } satisfies PaymentProvider;
}

export function createPaymentProvider(config: AppConfig): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    return routePayments(
      stripeProvider({
        secretKey: config.STRIPE_SECRET_KEY!,
        apiBase: config.STRIPE_API_BASE,
      }),
    );
  }
  return routePayments(testPaymentProvider);
}
