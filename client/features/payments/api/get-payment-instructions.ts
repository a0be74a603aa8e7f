import { useQuery } from '@tanstack/react-query';
import { getPaymentInstructionsQueryOptions } from '@/lib/payment-settings';

/**
 * How to pay by bank transfer or crypto, as the operator set it. A waiting payment (payments), upgrade
 * (subscriptions) and order (orders) show the same details: the app hands the other two `PaymentInstructions`.
 * The query itself is in client/lib/payment-settings.ts, which every payment screen reads for the test mode.
 */
export function usePaymentInstructions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPaymentInstructionsQueryOptions(), enabled });
}
