import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast, type ToastInput } from '@/components/ui/use-toast';
import { ApiError, errorMessage, handleUnauthorizedError, type SessionExpiredToast } from '@/lib/api-client';
import { placeServerIssues, type ServerFields } from '@/lib/form-errors';

export interface ApiSubmitOptions<TInput extends FieldValues, TOutput, TResult> {
  /** The form's fields the API's issues may land on; left out, every failure is form-wide. */
  fields?: ServerFields<TInput>;
  /** The form-wide message when the API gave none (or `apiMessageFor` leaves it out); it may depend on the error. */
  fallbackMessage: string | ((error: unknown) => string);
  /**
   * The statuses whose own message the form shows (a 403 naming the tier needed, a 429 saying when to try again);
   * other failures show `fallbackMessage`. Left out, any failure shows the API's message when it sent one.
   */
  apiMessageFor?: readonly number[];
  /** Also shows a form-wide failure as a destructive toast with this title. */
  errorToastTitle?: string;
  /** Or a fixed toast for a form-wide failure (destructive), whatever the form-wide message says. */
  errorToast?: { title: string; description: string };
  /**
   * When a failure also gets the form-wide message (and toast): by default only when none of the API's issues
   * found a field; `'unplaced'` when any did not; `'always'` even when all did.
   */
  formMessage?: 'none-placed' | 'unplaced' | 'always';
  /**
   * How a 401 is told (the toast and the delay before /api/login); the app's "logged out" toast by default.
   * `false` for a form anyone may send, whose failures are all the form's own.
   */
  unauthorized?: SessionExpiredToast | false;
  unauthorizedDelayMs?: number;
  /** A failure the form places itself (a 409 under one field): return true when it was handled. */
  onError?: (error: unknown) => boolean;
  /** Shown once the call succeeded. */
  successToast?: ToastInput;
  /** Resets the form after success: `true` to its defaults, or the values to start again from. */
  reset?: boolean | ((result: TResult, values: TOutput) => DefaultValues<TInput>);
  onSuccess?: (result: TResult) => void;
}

export type UseApiFormReturn<TInput extends FieldValues, TOutput> = UseFormReturn<
  TInput,
  unknown,
  TOutput
> & {
  /**
   * A submit handler for the form: validates, calls `send` (a mutation's `mutateAsync`), and on failure does what
   * every form here does - a 401 goes to the session handling, the API's field issues go on their fields, anything
   * else becomes `errors.root.server` (and a toast when asked); on success the toast, the reset and `onSuccess`.
   */
  submit: <TResult>(
    send: (values: TOutput) => Promise<TResult>,
    options: ApiSubmitOptions<TInput, TOutput, TResult>,
  ) => ReturnType<UseFormReturn<TInput, unknown, TOutput>['handleSubmit']>;
};

/**
 * react-hook-form checked by a contract schema (the API's own messages), with one way to submit to the API. A form
 * whose fields are not the request's shape passes its own resolver instead of the schema.
 */
export function useApiForm<TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput> | Resolver<TInput, unknown, TOutput>,
  props: Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'> = {},
): UseApiFormReturn<TInput, TOutput> {
  const resolver = typeof schema === 'function' ? schema : zodResolver(schema);
  const form = useForm<TInput, unknown, TOutput>({ ...props, resolver });
  const { handleSubmit, setError, reset } = form;

  function submit<TResult>(
    send: (values: TOutput) => Promise<TResult>,
    options: ApiSubmitOptions<TInput, TOutput, TResult>,
  ) {
    const showFailure = (error: unknown) => {
      const { fallbackMessage } = options;
      const fallback = typeof fallbackMessage === 'function' ? fallbackMessage(error) : fallbackMessage;
      const { apiMessageFor } = options;
      const useApiMessage =
        !apiMessageFor || (error instanceof ApiError && apiMessageFor.includes(error.status));
      const message = useApiMessage ? errorMessage(error, fallback) : fallback;
      setError('root.server', { type: 'server', message });
      if (options.errorToast) {
        toast({ variant: 'destructive', ...options.errorToast });
      } else if (options.errorToastTitle) {
        toast({ variant: 'destructive', title: options.errorToastTitle, description: message });
      }
    };
    return handleSubmit(async (values) => {
      let result: TResult;
      try {
        result = await send(values);
      } catch (error) {
        const { unauthorized, unauthorizedDelayMs: delayMs } = options;
        if (unauthorized !== false && handleUnauthorizedError(error, unauthorized, { delayMs })) return;
        if (options.onError?.(error)) return;
        const { issues, placed } = options.fields
          ? placeServerIssues(error, options.fields, setError, { focus: true })
          : { issues: 0, placed: 0 };
        const formMessage = options.formMessage ?? 'none-placed';
        if (placed === 0 || formMessage === 'always' || (formMessage === 'unplaced' && placed < issues)) {
          showFailure(error);
        }
        return;
      }
      if (options.successToast) toast(options.successToast);
      if (options.reset) reset(options.reset === true ? undefined : options.reset(result, values));
      options.onSuccess?.(result);
    });
  }

  return { ...form, submit };
}
