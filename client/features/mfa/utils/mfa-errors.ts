import { toast } from '@/components/ui/use-toast';
import { errorMessage, handleUnauthorizedError } from '@/lib/api-client';

/**
 * A failed enable or disable: a lost session goes to sign in again; anything else is an
 * 'Error' toast with the server's message ('Invalid verification code', too many attempts) or `fallback`.
 */
export function toastMfaError(error: unknown, fallback: string): void {
  if (handleUnauthorizedError(error)) return;
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, fallback) });
}
