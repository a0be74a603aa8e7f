import { ApiError, errorMessage } from '@/lib/api-client';

/** The texts of the account pages (password reset, verification, address and password changes). */
export const ACCOUNT_MESSAGES = {
  /** The API's own text for TOKEN_INVALID; also shown for a link with no token at all. */
  linkInvalid: 'This link is invalid or has expired. Ask for a new one.',
  /** Any 429 of these calls, whatever limiter answered it. */
  rateLimited: 'Too many requests. Try again later.',
  passwordsDiffer: 'Passwords do not match',
  emailTaken: 'An account with this email already exists',
  offline: 'Cannot reach the server. Check your connection and try again.',
  unexpected: 'Something went wrong. Please try again.',
} as const;

/**
 * A reset or verification link the API refused: `TOKEN_INVALID`, or a token the schema refused before it was
 * looked up (too long, say), which tells the reader the same thing.
 */
export function isInvalidLinkError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  return error.code === 'TOKEN_INVALID' || (error.body?.issues ?? []).some((issue) => issue.path === 'token');
}

export function isRateLimitedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

export function isConflictError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** A failure with no field to put it on: 429, offline and anything else in words a person can act on. */
export function accountErrorMessage(error: unknown): string {
  if (isRateLimitedError(error)) return ACCOUNT_MESSAGES.rateLimited;
  if (error instanceof TypeError) return ACCOUNT_MESSAGES.offline;
  return errorMessage(error, ACCOUNT_MESSAGES.unexpected);
}
