import { vi } from 'vitest';
import type * as ApiClient from '@/lib/api-client';

/** The full-page navigations to /api/login that a lost session triggers (jsdom cannot navigate). */
export const loginRedirect = vi.fn<(url: string) => void>();

/**
 * For `vi.mock('@/lib/api-client', ...)`: the real module, with `handleUnauthorizedError` navigating through
 * `loginRedirect` (same toast, same delay).
 */
export function recordLoginRedirects(actual: typeof ApiClient): typeof ApiClient {
  return {
    ...actual,
    handleUnauthorizedError: (error, message, options) =>
      actual.handleUnauthorizedError(error, message, { ...options, navigate: loginRedirect }),
  };
}
