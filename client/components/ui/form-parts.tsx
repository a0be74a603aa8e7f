import { useId, type ComponentProps, type ReactNode } from 'react';
import {
  get,
  useWatch,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';

/** The heading of a fieldset in the long request forms. */
export function FormLegend({ children }: { children: ReactNode }) {
  return (
    <legend className="mb-3 font-mono text-xs tracking-widest text-muted-foreground uppercase">
      {children}
    </legend>
  );
}

/** What the kit's fields read from a form: `useApiForm`'s (or `useForm`'s) return passes as it is. */
export type FormParts<TInput extends FieldValues, TOutput = TInput> = Pick<
  UseFormReturn<TInput, unknown, TOutput>,
  'control' | 'register' | 'formState'
>;

/** The field's message from react-hook-form, found by its (possibly nested) name. */
function messageAt(errors: FieldErrors, name: string): string | undefined {
  const message: unknown = (get(errors, name) as FieldError | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

interface LongTextFieldProps<TInput extends FieldValues, TOutput> {
  form: FormParts<TInput, TOutput>;
  name: Path<TInput>;
  label: string;
  /** The schema's minimum length; the hint counts towards it. Left out for optional fields. */
  min?: number;
  placeholder?: string;
  rows?: number;
}

/** A textarea with its label, a running count towards the minimum length, and the schema's message. */
export function LongTextField<TInput extends FieldValues, TOutput>({
  form,
  name,
  label,
  min,
  placeholder,
  rows = 3,
}: LongTextFieldProps<TInput, TOutput>) {
  const value: unknown = useWatch({ control: form.control, name });
  const length = typeof value === 'string' ? value.trim().length : 0;
  const hint = min ? `${length} / ${min} characters minimum` : 'Optional';
  return (
    <FormField label={label} error={messageAt(form.formState.errors, name)} hint={hint}>
      {(field) => <Textarea rows={rows} placeholder={placeholder} {...field} {...form.register(name)} />}
    </FormField>
  );
}

export function Checkbox(props: ComponentProps<'input'>) {
  return (
    <input
      type="checkbox"
      className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-input accent-primary aria-invalid:outline aria-invalid:outline-destructive"
      {...props}
    />
  );
}

/** A checkbox with its label beside it and the schema's message under both. */
export function CheckboxField({
  label,
  error,
  children,
}: {
  label: string;
  error?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1">
      <div className="flex items-start gap-3">
        {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
        <Label htmlFor={id} className="leading-snug font-normal">
          {label}
        </Label>
      </div>
      {error && (
        <p id={errorId} className="pl-7 text-xs font-medium text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** One box of the declarations fieldset: the field it sets and what the person declares by ticking it. */
export interface Declaration<T extends FieldValues> {
  name: Path<T>;
  label: string;
}

/** The boxes a request form asks the person to tick before sending, each with the schema's message under it. */
export function DeclarationsFieldset<TInput extends FieldValues, TOutput>({
  form,
  declarations,
  legend = 'Declarations',
}: {
  form: FormParts<TInput, TOutput>;
  declarations: readonly Declaration<TInput>[];
  legend?: string;
}) {
  return (
    <fieldset className="grid gap-3 rounded-md border bg-surface p-4">
      <FormLegend>{legend}</FormLegend>
      {declarations.map(({ name, label }) => (
        <CheckboxField key={name} label={label} error={messageAt(form.formState.errors, name)}>
          {(props) => <Checkbox {...props} {...form.register(name)} />}
        </CheckboxField>
      ))}
    </fieldset>
  );
}

/** A form's footer: Cancel, and the submit button with a spinner (and its spoken label) while the call runs. */
export function FormActions({
  busy,
  onCancel,
  submitLabel,
  busyLabel,
}: {
  busy: boolean;
  onCancel: () => void;
  submitLabel: ReactNode;
  /** What a screen reader hears while the call runs ("Submitting inquiry"). */
  busyLabel: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy && <Spinner className="text-primary-foreground" label={busyLabel} />}
        {submitLabel}
      </Button>
    </div>
  );
}
