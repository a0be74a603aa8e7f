import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A small busy indicator that screen readers announce as `label`. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span
      role="status"
      data-slot="spinner"
      className={cn('inline-flex items-center text-primary', className)}
    >
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A visible loading line ('Loading settings...') that screen readers announce once, as a status. */
export function LoadingMessage({ children, className }: { children: string; className?: string }) {
  return (
    <p
      role="status"
      data-slot="loading-message"
      className={cn('flex items-center gap-2 text-sm text-muted-foreground', className)}
    >
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />
      {children}
    </p>
  );
}
