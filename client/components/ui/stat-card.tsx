import type { ComponentProps, ComponentType, SVGProps } from 'react';
import { cn } from '@/lib/utils';

interface StatCardProps extends ComponentProps<'div'> {
  label: string;
  /** The figure, already formatted. */
  value: string;
  /** A line of context under the figure. */
  hint?: string;
  /** A smaller figure, for rows of many cards. */
  compact?: boolean;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** A headline figure with its label, icon and a line of context; one term and definition of the `<dl>` around it. */
export function StatCard({ label, value, hint, icon: Icon, compact, className, ...props }: StatCardProps) {
  return (
    <div
      data-testid="stat-card"
      className={cn('flex flex-col gap-2 rounded-lg border bg-card px-4 py-4', className)}
      {...props}
    >
      {/* A <dl> group holds only its terms and definitions: the icon rides in the term, the hint is a definition. */}
      <dt className="flex items-center justify-between gap-2 font-mono text-xs tracking-widest text-muted-foreground uppercase">
        {label}
        <Icon aria-hidden="true" className="size-4 text-primary" />
      </dt>
      <dd className={cn('font-bold tracking-tight tabular-nums', compact ? 'text-2xl' : 'text-3xl')}>
        {value}
      </dd>
      {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}
