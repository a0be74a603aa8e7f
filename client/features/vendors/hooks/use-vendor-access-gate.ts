import { useEffect, useRef } from 'react';
import { ApiError, handleUnauthorizedError, isUnauthorizedError } from '@/lib/api-client';
import { VENDOR_MESSAGES } from '@/features/vendors/utils/messages';

/**
 * The vendor page needs a session. When there is none (the user query says signed out, or one of
 * the page's reads answers 401), the 'Unauthorized' toast shows once and the browser goes to /api/login 0.5 s
 * later, through the same helper every lost session uses.
 */
export function useVendorAccessGate(signedIn: boolean, errors: readonly unknown[]): boolean {
  const lost = !signedIn || errors.some(isUnauthorizedError);
  const handled = useRef(false);
  useEffect(() => {
    if (!lost || handled.current) return;
    handled.current = true;
    handleUnauthorizedError(new ApiError(401, 'Unauthorized', ''), VENDOR_MESSAGES.accessRequired);
  }, [lost]);
  return lost;
}
