import { randomUUID } from 'node:crypto';
import type { PaymentMethod } from '../../contract/payments.js';
import type { AppConfig } from '../config/env.js';

export interface ChargeInput {
  amount: string;
  currency: string;
  method: PaymentMethod;
  description: string;
}

export interface ChargeResult {
  status: 'completed' | 'pending';
  /** The provider's own id for the payment, for reconciliation. */
  reference: string;
}

export interface PaymentProvider {
  readonly name: string;
  charge(input: ChargeInput): Promise<ChargeResult>;
}

/**
 * The default provider (design section 5): card payments complete at once and no card data is ever collected;
 * crypto and bank transfers stay pending until a Director confirms them.
 */
export const testPaymentProvider: PaymentProvider = {
  name: 'test',
  async charge(input) {
    return { status: input.method === 'stripe' ? 'completed' : 'pending', reference: `test_${randomUUID()}` };
  },
};

export function createPaymentProvider(config: AppConfig): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    // Fail at boot rather than take orders that could never be charged.
    throw new Error(
      'PAYMENT_PROVIDER=stripe is not available yet; unset it (and STRIPE_SECRET_KEY) to use the test provider',
    );
  }
  return testPaymentProvider;
}
