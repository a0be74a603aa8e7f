import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { userQueryKey } from '@/lib/auth';

/**
 * Reads the current user again, after something changed it elsewhere (a tier upgrade): the nav badge and every
 * tier gate follow. A route hook, because features do not reach into one another's queries.
 */
export function useRefreshUser(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: userQueryKey }), [queryClient]);
}
