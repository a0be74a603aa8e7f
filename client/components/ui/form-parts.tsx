import { useId, type ComponentProps, type ReactNode } from 'react';
import {
  useWatch,
  type Control,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** The heading of a fieldset in the long request forms. */
export function FormLegend({ children }: { children: ReactNode }) {
  return (
    <legend className="mb-3 font-mono text-xs tracking-widest text-muted-foreground uppercase">
      {children}
    </legend>
  );
}

interface LongTextFieldProps<TInput extends FieldValues, TOutput> {
  name: Path<TInput>;
  label: string;
  /** The schema's minimum length; the hint counts towards it. Left out for optional fields. */
  min?: number;
  error?: FieldError;
  control: Control<TInput, unknown, TOutput>;
  register: UseFormRegister<TInput>;
  placeholder?: string;
  rows?: number;
}

/** A textarea with its label, a running count towards the minimum length, and the schema's message. */
export function LongTextField<TInput extends FieldValues, TOutput>({
  name,
  label,
  min,
  error,
  control,
  register,
  placeholder,
  rows = 3,
}: LongTextFieldProps<TInput, TOutput>) {
  const value: unknown = useWatch({ control, name });
  const length = typeof value === 'string' ? value.trim().length : 0;
  const hint = min ? `${length} / ${min} characters minimum` : 'Optional';
  return (
    <FormField label={label} error={error?.message} hint={hint}>
      {(field) => <Textarea rows={rows} placeholder={placeholder} {...field} {...register(name)} />}
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
