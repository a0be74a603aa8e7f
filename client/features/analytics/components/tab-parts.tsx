import type { ReactElement, ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/* The pieces the analytics tabs are built from: figures, titled panels, empty states and chart boxes. */

/** A labelled figure inside a tab. */
export function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={cn('rounded-md border bg-surface px-4 py-3', className)}>
      <dt className="font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-semibold">{value}</dd>
    </div>
  );
}

export function Panel({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function Empty({ children }: { children: string }) {
  return <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>;
}

/** Charts repeat the tables beside them for sighted users; screen readers get the tables only. */
export function ChartBox({ height = 240, children }: { height?: number; children: ReactElement }) {
  return (
    <div aria-hidden="true" className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}
