import { CASE_MESSAGES } from '@/features/cases/utils/labels';
import { toastFailure } from '@/lib/failure-toast';

/** Shows 'Error' with the server's message, or, for a lost session, the session-expired toast and sign-in. */
export function reportUpdateError(error: unknown) {
  toastFailure(error, CASE_MESSAGES.updateFailed, { title: CASE_MESSAGES.failedTitle });
}
