import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentInstructions } from '@contract/payments';
import { getJson } from '@/lib/api-client';

/*
 * How payments work here (`GET /api/payments/instructions`): the operator's bank and wallet details and whether the
 * test card provider takes the card payments. Checkout (orders), the upgrade dialog (subscriptions) and the
 * payments pages all say when no card is charged, so the query lives below the features; the payments feature's
 * api file shows its instructions from the same cached answer. The answer changes only with the server's settings.
 */

export const PAYMENT_INSTRUCTIONS_PATH = '/api/payments/instructions';

export const paymentInstructionsQueryKey = [PAYMENT_INSTRUCTIONS_PATH] as const;

export function getPaymentInstructions({
  signal,
}: { signal?: AbortSignal } = {}): Promise<PaymentInstructions> {
  return getJson<PaymentInstructions>(PAYMENT_INSTRUCTIONS_PATH, { on401: 'throw', signal });
}

export function getPaymentInstructionsQueryOptions() {
  return queryOptions({ queryKey: paymentInstructionsQueryKey, queryFn: getPaymentInstructions });
}

/**
 * True while the test card provider takes card payments (no card is charged); false until the answer is in, and
 * when it cannot be had: a screen then says nothing rather than guess.
 */
export function usePaymentTestMode(): boolean {
  const { data } = useQuery(getPaymentInstructionsQueryOptions());
  return data?.testMode ?? false;
}
