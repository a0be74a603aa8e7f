import { cn } from '@/lib/utils';

/** The number of cart lines on a cart icon (nothing when there are none). Screen readers get it from the label. */
export function CartCountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="cart-count"
      className={cn(
        'pointer-events-none absolute flex h-5 min-w-5 items-center justify-center rounded-full border-2 border-background bg-primary px-1 font-mono text-[0.65rem] leading-none font-bold text-primary-foreground',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
