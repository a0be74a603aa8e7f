import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '@/lib/api-client';

/**
 * Shows a failed create call on its form: the API's field issues (it speaks the same zod messages as the form) go on
 * the fields they name; when none could be placed, the API's message (or `fallback`) becomes the form-wide
 * `errors.root.server`. `fields` lists the form's fields, or maps an issue path to one.
 */
export function setServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[] | ((issuePath: string) => Path<T> | undefined),
  setError: UseFormSetError<T>,
  fallback: string,
): void {
  const fieldFor =
    typeof fields === 'function' ? fields : (issuePath: string) => fields.find((name) => name === issuePath);
  let placed = false;
  for (const issue of error instanceof ApiError ? (error.body?.issues ?? []) : []) {
    const field = fieldFor(issue.path);
    if (field) {
      setError(field, { type: 'server', message: issue.message });
      placed = true;
    }
  }
  if (!placed) setError('root.server', { type: 'server', message: errorMessage(error, fallback) });
}
