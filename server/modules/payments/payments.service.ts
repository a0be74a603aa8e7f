import type { PaymentMethod, PaymentPurpose } from '../../../contract/payments.js';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext } from '../../lib/context.js';
import * as repository from './payments.repository.js';
import type { PaymentRow } from './payments.repository.js';

export interface ChargeRequest {
  userId: string;
  amount: string;
  currency: string;
  method: PaymentMethod;
  purpose: PaymentPurpose;
  description: string;
  subscriptionId?: string;
}

/**
 * Charges through the configured provider and records the payment in the caller's transaction, so an order or
 * upgrade and its payment commit together or not at all.
 */
export async function charge(ctx: AppContext, db: DbOrTx, request: ChargeRequest): Promise<PaymentRow> {
  const result = await ctx.payments.charge({
    amount: request.amount,
    currency: request.currency,
    method: request.method,
    description: request.description,
  });
  return repository.insertPayment(db, {
    userId: request.userId,
    amount: request.amount,
    currency: request.currency,
    paymentMethod: request.method,
    purpose: request.purpose,
    description: request.description,
    subscriptionId: request.subscriptionId ?? null,
    status: result.status,
    provider: ctx.payments.name,
    providerReference: result.reference,
    completedAt: result.status === 'completed' ? new Date() : null,
  });
}
