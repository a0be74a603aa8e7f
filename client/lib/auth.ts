import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '@contract/auth';
import { SESSION_HINT_COOKIE } from '@contract/session';
import { getJson } from '@/lib/api-client';

/*
 * The current user: every feature and the app read it, so it lives below the features rather than in
 * features/auth.
 */

export const USER_PATH = '/api/auth/user';

/** The one key of the current user; every other file imports it from here. */
export const userQueryKey = [USER_PATH] as const;

/**
 * Whether this browser may be signed in: the server sets a readable hint cookie beside the HttpOnly session cookie
 * and clears it with it (decision 013). Without it no session cookie exists, so the visitor is signed out.
 */
export function maybeSignedIn(): boolean {
  return sessionHint() !== null;
}

/** The hint's value, which differs from one session to the next (null: no hint). */
export function sessionHint(): string | null {
  for (const cookie of document.cookie.split(';')) {
    const [name, value = ''] = cookie.trim().split('=');
    if (name === SESSION_HINT_COOKIE) return value;
  }
  return null;
}

/** Forgets a hint the server no longer backs (the session ended elsewhere), so the next page does not ask again. */
function clearSessionHint(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}

/**
 * The signed-in user, or null when signed out (a 401 is an answer here, not an error). Without the hint the answer
 * is known, and not asked: the browser would log the normal signed-out answer, a 401, as an error on every page.
 */
export async function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  if (!maybeSignedIn()) return null;
  const user = await getJson<User>(USER_PATH, { on401: 'returnNull', signal });
  if (user === null) clearSessionHint();
  return user;
}

/** How long a page whose session ended waits for the browser's hint to say why. */
export const HINT_SETTLE_MS = 2_000;

/**
 * Whether the browser signed in again since the session whose hint was `ended` began. The answer that ended it (a
 * sign-out or a sign-in in another tab) clears the hint or replaces it with the new session's, and may reach the
 * browser just after the session's stream said it ended: the hint is read until it changes, for HINT_SETTLE_MS at
 * most (a session that expired or was ended by the server keeps its hint; false).
 */
export async function signedInSince(ended: string | null): Promise<boolean> {
  const deadline = Date.now() + HINT_SETTLE_MS;
  for (;;) {
    const hint = sessionHint();
    if (hint !== ended) return hint !== null;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The session ended while the page was open (the event stream said so: signed out here or in another tab, expired,
 * deactivated): the page shows itself signed out without asking the server, which would answer 401.
 */
export function forgetSession(queryClient: QueryClient): void {
  clearSessionHint();
  queryClient.setQueryData(userQueryKey, null);
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
