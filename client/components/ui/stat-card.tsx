import type { ComponentProps, ComponentType, SVGProps } from 'react';
import { cn } from '@/lib/utils';

interface StatCardProps extends ComponentProps<'div'> {
  label: string;
  /** The figure, already formatted. */
  value: string;
  hint: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** A headline figure with its label, icon and a line of context; one term and definition of the `<dl>` around it. */
export function StatCard({ label, value, hint, icon: Icon, className, ...props }: StatCardProps) {
  return (
    <div
      data-testid="stat-card"
      className={cn('flex flex-col gap-2 rounded-lg border bg-card px-4 py-4', className)}
      {...props}
    >
      <div className="flex items-center justify-between gap-2 text-muted-foreground">
        <dt className="font-mono text-xs tracking-widest uppercase">{label}</dt>
        <Icon aria-hidden="true" className="size-4 text-primary" />
      </div>
      <dd className="text-3xl font-bold tracking-tight tabular-nums">{value}</dd>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </div>
  );
}
