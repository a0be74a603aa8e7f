import { useEffect, useRef } from 'react';
import { ApiError, handleUnauthorizedError, isUnauthorizedError } from '@/lib/api-client';
import { DASHBOARD_MESSAGES } from '@/features/dashboard/utils/messages';

/**
 * Mission Control needs a session. When there is none (signed out, or the summary answers 401),
 * the 'Unauthorized' toast shows once and the browser goes to /api/login 0.5 s later, through the helper every
 * lost session uses.
 */
export function useDashboardAccessGate(signedIn: boolean, error: unknown): boolean {
  const lost = !signedIn || isUnauthorizedError(error);
  const handled = useRef(false);
  useEffect(() => {
    if (!lost || handled.current) return;
    handled.current = true;
    handleUnauthorizedError(new ApiError(401, 'Unauthorized', ''), DASHBOARD_MESSAGES.loggedOut);
  }, [lost]);
  return lost;
}
