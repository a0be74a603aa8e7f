import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

export type AuthAction = 'login' | 'mfa' | 'register';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  invalidCode: 'Invalid or expired code',
  emailTaken: 'An account with this email already exists',
  rateLimited: 'Too many attempts. Try again later.',
  offline: 'Cannot reach the server. Check your connection and try again.',
  unexpected: 'Something went wrong. Please try again.',
} as const;

export interface FormErrorTarget<T extends FieldValues> {
  /** A field of the form, or null for a message about the whole form. */
  field: Path<T> | null;
  message: string;
}

/**
 * Turns a failed auth call into messages for the form: the API's 400 issues go onto their fields (the server
 * speaks the same zod messages as the form), the statuses with a meaning of their own get their text.
 */
export function authErrorTargets<T extends FieldValues>(
  error: unknown,
  action: AuthAction,
  fields: readonly Path<T>[],
): FormErrorTarget<T>[] {
  if (!(error instanceof ApiError)) {
    return [
      { field: null, message: error instanceof TypeError ? AUTH_MESSAGES.offline : AUTH_MESSAGES.unexpected },
    ];
  }
  switch (error.status) {
    case 400: {
      const issues = error.body?.issues ?? [];
      if (issues.length === 0)
        return [{ field: null, message: error.body?.message ?? AUTH_MESSAGES.unexpected }];
      return issues.map((issue) => {
        const field = fields.find((name) => name === issue.path) ?? null;
        return { field, message: issue.message };
      });
    }
    case 401:
      return [
        {
          field: null,
          message: action === 'mfa' ? AUTH_MESSAGES.invalidCode : AUTH_MESSAGES.invalidCredentials,
        },
      ];
    case 409:
      if (action === 'register') {
        const emailField = fields.find((name) => name === 'email') ?? null;
        return [{ field: emailField, message: AUTH_MESSAGES.emailTaken }];
      }
      return [{ field: null, message: error.body?.message ?? AUTH_MESSAGES.unexpected }];
    case 429:
      return [{ field: null, message: AUTH_MESSAGES.rateLimited }];
    default:
      return [{ field: null, message: AUTH_MESSAGES.unexpected }];
  }
}

/** Applies `authErrorTargets` to a react-hook-form form; form-wide messages go to `errors.root.server`. */
export function setAuthFormErrors<T extends FieldValues>(
  error: unknown,
  action: AuthAction,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  for (const target of authErrorTargets<T>(error, action, fields)) {
    if (target.field)
      setError(target.field, { type: 'server', message: target.message }, { shouldFocus: true });
    else setError('root.server', { type: 'server', message: target.message });
  }
}
