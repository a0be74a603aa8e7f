import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** How a list looks while it loads: grey rows of one height, or a placeholder of its own shape (cards). */
export type ListSkeletonProps = { label: string; className?: string } & (
  | {
      rows?: number;
      /** The height of each row, e.g. `h-16`. */
      rowClassName: string;
    }
  | {
      /** A placeholder shaped like the loaded list (hidden from screen readers), drawn instead of rows. */
      children: ReactNode;
    }
);

/**
 * Grey rows in the place of a list that is still loading. The rows are hidden from screen readers; the label is
 * what they hear instead ("Loading rules"). `className` changes the grid (a smaller gap, two columns).
 */
export function ListSkeleton(props: ListSkeletonProps) {
  return (
    <div aria-busy="true" className={cn('grid gap-3', props.className)}>
      <span role="status" className="sr-only">
        {props.label}
      </span>
      {'children' in props
        ? props.children
        : Array.from({ length: props.rows ?? 2 }, (_, index) => (
            <Skeleton key={index} className={props.rowClassName} />
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
  descriptionClassName,
}: {
  icon: LucideIcon;
  title: ReactNode;
  /** One sentence on what will appear here, or how to make the first one. */
  children: ReactNode;
  /** A button that adds the first item (with `mt-2`, to set it off from the text). */
  action?: ReactNode;
  /** Extra classes for the sentence, e.g. `max-w-sm` to keep a long one narrow. */
  descriptionClassName?: string;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
      <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">{title}</p>
      <p className={cn('text-sm text-muted-foreground', descriptionClassName)}>{children}</p>
      {action}
    </div>
  );
}

/** What `QueryStates` reads from a TanStack query: its state, its data and a way to fetch again. */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * The three states every list goes through before it shows rows: grey rows while it loads, the reason and "Try
 * again" when it failed, and `empty` when it came back with nothing. `children` draws the loaded data.
 */
export function QueryStates<T>({
  query,
  loading,
  error,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  children,
}: {
  query: ListQuery<T>;
  /** The skeleton shown while loading: its spoken label and the height of its rows (or its own placeholder). */
  loading: ListSkeletonProps;
  /** What a failed load says, and at times the box it sits in (`className`, e.g. centred in a dashed border). */
  error: string | { message: string; className?: string };
  /** What an empty list shows (an `EmptyState`, a line of text); left out, an empty list goes to `children`. */
  empty?: ReactNode;
  /** When the data counts as empty; an empty array by default. */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton {...loading} />;
  if (query.isError || query.data === undefined) {
    const { message, className } =
      typeof error === 'string' ? { message: error, className: undefined } : error;
    return <LoadError message={message} className={className} onRetry={() => void query.refetch()} />;
  }
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
