import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';

/** What a control needs to be tied to its label, hint and error message. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  label: ReactNode;
  /** The field's message from react-hook-form (`errors.email?.message`): the zod schema's own text. */
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** Give an id to tie the label to the control yourself; otherwise one is made. */
  id?: string;
  /**
   * The message is the server's answer to a submit (a wrong code): announce it when it appears (role alert), as a
   * form-wide message would be, though it is shown next to its field.
   */
  announce?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A label, any control and the validation message under it, wired for assistive technology
 * (label `for`, `aria-invalid`, `aria-describedby`).
 */
export function FormField({ label, error, hint, className, id, announce, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  // The hint gives way to the error: only what is shown may describe the control.
  const hintId = hint && !error ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    // content-start: in a row beside a taller field (one with a hint or a message), the label and the control stay
    // at the top instead of the grid spreading the extra height between them.
    <div data-slot="form-field" className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={controlId} className={cn(error && 'text-red-400')}>
        {label}
      </Label>
      {children({ id: controlId, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={errorId}
          role={announce ? 'alert' : undefined}
          data-slot="form-message"
          className="text-xs font-medium text-red-400"
        >
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Fields side by side (one column on phones): each field's label, control and hint start at the top of the row, so
 * the controls of a row line up whether or not a neighbour has a hint or a message under it. The one way forms here
 * put fields beside each other.
 */
export function FormRow({
  columns = 2,
  className,
  children,
}: {
  columns?: 2 | 3;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      data-slot="form-row"
      className={cn('grid items-start gap-4', columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2', className)}
    >
      {children}
    </div>
  );
}

type TextFieldProps = Omit<ComponentProps<typeof Input>, 'id'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
};

/** A text input with its label and message: spread react-hook-form's `register('name')` into it. */
export function TextField({ label, error, hint, fieldClassName, ...inputProps }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} className={fieldClassName}>
      {(control) => <Input {...inputProps} {...control} />}
    </FormField>
  );
}

/** A message for the whole form (a failed submit), announced when it appears. */
export function FormMessage({ children, className }: { children?: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      data-slot="form-root-message"
      className={cn(
        'rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-red-300',
        className,
      )}
    >
      {children}
    </p>
  );
}

export type OptionsSelectProps<T> = Omit<ComponentProps<typeof NativeSelect>, 'children'> & {
  /** The choices, in order. */
  options: readonly T[];
  /** What each choice shows. */
  optionLabel: (option: T) => ReactNode;
  /** The value each choice submits; the option itself when it is a string or number. */
  optionValue?: (option: T) => string | number;
  /** A tooltip for each choice (its `title`), e.g. what a marking means. */
  optionTitle?: (option: T) => string;
  /** Options shown before `options`, e.g. an empty "Select a category". */
  children?: ReactNode;
};

/** A native select of a list of choices, without a label of its own (a filter, a control beside a button). */
export function OptionsSelect<T>({
  options,
  optionLabel,
  optionValue = (option) => String(option),
  optionTitle,
  children,
  ...selectProps
}: OptionsSelectProps<T>) {
  return (
    <NativeSelect {...selectProps}>
      {children}
      {options.map((option) => {
        const value = optionValue(option);
        return (
          <option key={value} value={value} title={optionTitle?.(option)}>
            {optionLabel(option)}
          </option>
        );
      })}
    </NativeSelect>
  );
}

type SelectFieldProps<T> = Omit<OptionsSelectProps<T>, 'id'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
};

/** A native select with its label, hint and message: spread react-hook-form's `register('name')` into it. */
export function SelectField<T>({ label, error, hint, fieldClassName, ...selectProps }: SelectFieldProps<T>) {
  return (
    <FormField label={label} error={error} hint={hint} className={fieldClassName}>
      {(control) => <OptionsSelect {...selectProps} {...control} />}
    </FormField>
  );
}
