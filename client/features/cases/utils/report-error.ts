import { toast } from '@/components/ui/use-toast';
import { CASE_MESSAGES } from '@/features/cases/utils/labels';
import { errorMessage, handleUnauthorizedError } from '@/lib/api-client';

/** Shows 'Error' with the server's message, or, for a lost session, the session-expired toast and sign-in. */
export function reportUpdateError(error: unknown) {
  if (handleUnauthorizedError(error)) return;
  toast({
    variant: 'destructive',
    title: CASE_MESSAGES.failedTitle,
    description: errorMessage(error, CASE_MESSAGES.updateFailed),
  });
}
