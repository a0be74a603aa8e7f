import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { MFA_CODE_LENGTH } from '@/lib/constants';
import { cn } from '@/lib/utils';

type TotpCodeInputProps = Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> & {
  value: string;
  /** Called with the digits only, at most 6 of them (an authenticator code). */
  onValueChange: (code: string) => void;
};

/** The 6-digit code from an authenticator app: a numeric keypad on phones, and nothing but digits kept. */
export function TotpCodeInput({ value, onValueChange, className, ...props }: TotpCodeInputProps) {
  return (
    <Input
      {...props}
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, MFA_CODE_LENGTH))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={MFA_CODE_LENGTH}
      placeholder="000000"
      className={cn('text-center font-mono text-lg tracking-[0.5em]', className)}
    />
  );
}
