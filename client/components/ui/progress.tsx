import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A bar from 0 to `max` (100 by default): a `progressbar` with the ARIA values and the `data-state` Radix's would
 * give, without its code in the first page's JavaScript (the loading screen draws one; issue 19). No `value`
 * means indeterminate.
 */
export function Progress({
  className,
  value,
  max = 100,
  indicatorClassName,
  ...props
}: Omit<ComponentProps<'div'>, 'children'> & {
  value?: number | null;
  max?: number;
  indicatorClassName?: string;
}) {
  const known = value != null && Number.isFinite(value);
  const percent = known ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  const state = !known ? 'indeterminate' : value >= max ? 'complete' : 'loading';
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={known ? value : undefined}
      aria-valuetext={known ? `${Math.round(percent)}%` : undefined}
      data-slot="progress"
      data-state={state}
      data-value={known ? value : undefined}
      data-max={max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        data-state={state}
        className={cn(
          'h-full w-full flex-1 bg-primary transition-transform duration-300',
          indicatorClassName,
        )}
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </div>
  );
}
