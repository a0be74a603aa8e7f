import { ERROR_STATUS, type ErrorCode } from '../../contract/errors.js';

export interface Issue {
  path: string;
  message: string;
}

/** An error a client can act on; the central handler turns it into the API's error body. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      issues?: Issue[];
      requiredTier?: number;
      retryAfterSeconds?: number;
      ssoUrl?: string;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Unauthorized');
export const forbidden = (message = 'Forbidden') => new AppError('FORBIDDEN', message);
export const tierRequired = (requiredTier: number) =>
  new AppError('TIER_REQUIRED', `Tier ${requiredTier} access required`, { requiredTier });
/** The route needs a recent proof of identity (design 12.2) that the session has not given. */
export const reauthRequired = () =>
  new AppError(
    'REAUTH_REQUIRED',
    'Confirm it is you to continue: enter your password, a code or use a passkey',
  );
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 'Too many requests. Try again later.', { retryAfterSeconds });
export const validationFailed = (issues: Issue[]) =>
  new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'Validation failed', { issues });
