import { cn } from '@/lib/utils';

/** A queue's count: highlighted when something waits, a dash while the counts load. */
export function ReviewCount({ count, className }: { count: number | undefined; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'min-w-6 rounded-full px-1.5 py-0.5 text-center font-mono text-xs',
        count ? 'bg-primary text-primary-foreground' : 'text-muted-foreground',
        className,
      )}
    >
      {count === undefined ? '–' : count > 99 ? '99+' : count}
    </span>
  );
}
