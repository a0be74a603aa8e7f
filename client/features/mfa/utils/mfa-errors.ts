import { errorMessage, handleUnauthorizedError } from '@/lib/api-client';

/**
 * A failed enable or disable: a lost session goes to sign in again (undefined: nothing to show); anything else is the
 * server's message ('Invalid verification code', too many attempts) or `fallback`, shown under the code field.
 */
export function mfaErrorMessage(error: unknown, fallback: string): string | undefined {
  if (handleUnauthorizedError(error)) return undefined;
  return errorMessage(error, fallback);
}
