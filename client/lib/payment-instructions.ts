import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfflinePaymentMethod, PaymentInstructions } from '@contract/payments';
import { getJson } from '@/lib/api-client';

/**
 * How to pay by bank transfer or crypto, as the operator set it. Shared below the features: a waiting upgrade
 * (subscriptions) and a waiting order (orders) show the same details.
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

/** Bank transfers and crypto: paid outside the portal, confirmed by a Director, shown with instructions. */
export function isOfflineMethod(method: string): method is OfflinePaymentMethod {
  return method === 'bank_transfer' || method === 'crypto';
}
