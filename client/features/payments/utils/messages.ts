import { ApiError } from '@/lib/api-client';

/** The payments page's texts. */
export const PAYMENT_MESSAGES = {
  noPayments: 'No Payment History',
} as const;

/** The server's reason for a refused payment: a field's message first, then the body's, else the fallback. */
export function paymentErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.body || error.status >= 500) return fallback;
  return error.body.issues?.[0]?.message ?? error.body.message ?? fallback;
}
