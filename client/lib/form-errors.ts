import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '@/lib/api-client';

/**
 * Shows a failed create call on its form: the API's field issues (it speaks the same zod messages as the form) go on
 * the fields they name; when none could be placed, the API's message (or `fallback`) becomes the form-wide
 * `errors.root.server`. `fields` lists the form's fields, or maps an issue path to one.
 */
export function setServerErrors<T extends FieldValues>(
  error: unknown,
  fields: ServerFields<T>,
  setError: UseFormSetError<T>,
  fallback: string,
): void {
  const { placed } = placeServerIssues(error, fields, setError);
  if (placed === 0) setError('root.server', { type: 'server', message: errorMessage(error, fallback) });
}

/** The form's fields an API issue may land on: their names, or a map from the issue's path to one of them. */
export type ServerFields<T extends FieldValues> =
  readonly Path<T>[] | ((issuePath: string) => Path<T> | undefined);

/**
 * Puts each of the API's field issues on the field it names; `focus` moves the cursor to the first one. Returns how
 * many issues the error carried and how many found a field.
 */
export function placeServerIssues<T extends FieldValues>(
  error: unknown,
  fields: ServerFields<T>,
  setError: UseFormSetError<T>,
  { focus = false }: { focus?: boolean } = {},
): { issues: number; placed: number } {
  const fieldFor =
    typeof fields === 'function' ? fields : (issuePath: string) => fields.find((name) => name === issuePath);
  const issues = error instanceof ApiError ? (error.body?.issues ?? []) : [];
  let placed = 0;
  for (const issue of issues) {
    const field = fieldFor(issue.path);
    if (field) {
      // Only the first placed issue takes the focus; each later setError would otherwise move it on.
      setError(field, { type: 'server', message: issue.message }, { shouldFocus: focus && placed === 0 });
      placed += 1;
    }
  }
  return { issues: issues.length, placed };
}
