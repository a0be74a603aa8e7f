import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentInstructions } from '@contract/payments';
import { getJson } from '@/lib/api-client';

/**
 * How to pay by bank transfer or crypto, as the operator set it. A waiting payment (payments), upgrade
 * (subscriptions) and order (orders) show the same details: the app hands the other two `PaymentInstructions`.
 */
export const PAYMENT_INSTRUCTIONS_PATH = '/api/payments/instructions';

export const paymentInstructionsQueryKey = [PAYMENT_INSTRUCTIONS_PATH] as const;

export function getPaymentInstructions({
  signal,
}: { signal?: AbortSignal } = {}): Promise<PaymentInstructions> {
  return getJson<PaymentInstructions>(PAYMENT_INSTRUCTIONS_PATH, { on401: 'throw', signal });
}

export function usePaymentInstructions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({ queryKey: paymentInstructionsQueryKey, queryFn: getPaymentInstructions, enabled }),
  );
}
