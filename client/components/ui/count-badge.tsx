import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A small round count pinned to the corner of an icon button (cart lines, unread notifications). Hidden from
 * screen readers: the button's label says the number.
 */
export function CountBadge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      aria-hidden="true"
      data-slot="count-badge"
      className={cn(
        'pointer-events-none absolute flex h-5 min-w-5 items-center justify-center rounded-full border-2 border-background bg-primary px-1 font-mono text-[0.65rem] leading-none font-bold text-primary-foreground',
        className,
      )}
      {...props}
    />
  );
}
