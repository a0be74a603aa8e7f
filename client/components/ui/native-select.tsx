import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * A styled native <select>: keyboard, screen reader and mobile pickers behave as every user expects, and it
 * weighs nothing. Tie it to a <Label> through `id`.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div data-slot="native-select-wrapper" className={cn('relative', className)}>
      <select
        data-slot="native-select"
        className={cn(
          'flex h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-surface py-1 pr-8 pl-3 text-sm text-foreground shadow-xs transition-colors outline-none',
          'focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30',
          'disabled:cursor-not-allowed disabled:opacity-50',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
