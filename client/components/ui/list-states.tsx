import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * Grey rows in the place of a list that is still loading. The rows are hidden from screen readers; the label is
 * what they hear instead ("Loading rules"). `className` changes the grid (a smaller gap, two columns).
 */
export function ListSkeleton({
  label,
  rows = 2,
  rowClassName,
  className,
}: {
  label: string;
  rows?: number;
  /** The height of each row, e.g. `h-16`. */
  rowClassName: string;
  className?: string;
}) {
  return (
    <div aria-busy="true" className={cn('grid gap-3', className)}>
      <span role="status" className="sr-only">
        {label}
      </span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className={rowClassName} />
      ))}
    </div>
  );
}

/** What a list shows when it has nothing in it: an icon, what is missing, why, and at times a way to add one. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: ReactNode;
  /** One sentence on what will appear here, or how to make the first one. */
  children: ReactNode;
  /** A button that adds the first item (with `mt-2`, to set it off from the text). */
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
      <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{children}</p>
      {action}
    </div>
  );
}
