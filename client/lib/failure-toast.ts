import { toast } from '@/components/ui/use-toast';
import { errorMessage, handleUnauthorizedError, type SessionExpiredToast } from '@/lib/api-client';

export interface FailureToastOptions {
  /** The toast's title; 'Error' by default. */
  title?: string;
  /** What a lost session is told before the way to sign-in; the app's "logged out" toast by default. */
  signedOut?: SessionExpiredToast;
}

/**
 * What a failed call outside a form shows (a form's failures go through useApiForm): for a lost session, its toast
 * and the way to sign-in; else a destructive toast with the API's own words for a refusal, or `fallback` for a
 * fault (errorMessage).
 */
export function toastFailure(error: unknown, fallback: string, options: FailureToastOptions = {}): void {
  if (handleUnauthorizedError(error, options.signedOut)) return;
  toast({
    variant: 'destructive',
    title: options.title ?? 'Error',
    description: errorMessage(error, fallback),
  });
}
