import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@contract/auth';
import { getJson } from '@/lib/api-client';

/*
 * The current user: every feature and the app read it, so it lives below the features rather than in
 * features/auth.
 */

export const USER_PATH = '/api/auth/user';

/** The one key of the current user; every other file imports it from here. */
export const userQueryKey = [USER_PATH] as const;

/** The signed-in user, or null when signed out (a 401 is an answer here, not an error). */
export function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  return getJson<User>(USER_PATH, { on401: 'returnNull', signal });
}

export function getUserQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: getUser,
    retry: false,
    // A failed call means "signed out". Without this, every component that mounts while the query is
    // in error would refetch it, and the router would flicker between its spinner and the page forever.
    retryOnMount: false,
    staleTime: Infinity,
  });
}

export function useUser() {
  return useQuery(getUserQueryOptions());
}
