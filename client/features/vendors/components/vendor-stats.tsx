import { Boxes, CheckCircle2, Clock, IndianRupee, PackageCheck, ShoppingBag } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useVendorStats } from '@/features/vendors/api/get-vendor-stats';
import { formatINR } from '@/lib/format';

interface StatCardProps {
  label: string;
  value: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  hint?: string;
}

function StatCard({ label, value, icon: Icon, hint }: StatCardProps) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border bg-card px-4 py-4">
      <div className="flex items-center justify-between gap-2 text-muted-foreground">
        <dt className="font-mono text-xs tracking-widest uppercase">{label}</dt>
        <Icon aria-hidden="true" className="size-4 text-primary" />
      </div>
      <dd className="text-2xl font-bold tracking-tight tabular-nums">{value}</dd>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

/** The vendor's figures from their own products and paid orders, never demo numbers. */
export function VendorStats() {
  const stats = useVendorStats();

  if (stats.isPending) {
    return (
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-24" />
        ))}
      </div>
    );
  }
  if (stats.isError) {
    return (
      <LoadError
        className="rounded-lg border border-dashed px-6 py-8"
        message="Your vendor figures could not be loaded."
        onRetry={() => void stats.refetch()}
      />
    );
  }
  const { totalProducts, approvedProducts, pendingProducts, unitsSold, revenue, orders } = stats.data;
  return (
    <dl aria-label="Vendor statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-6">
      <StatCard label="Products" value={String(totalProducts)} icon={Boxes} />
      <StatCard
        label="Approved"
        value={String(approvedProducts)}
        icon={CheckCircle2}
        hint="Listed for sale"
      />
      <StatCard label="Pending" value={String(pendingProducts)} icon={Clock} hint="Awaiting review" />
      <StatCard label="Units sold" value={String(unitsSold)} icon={PackageCheck} />
      <StatCard label="Orders" value={String(orders)} icon={ShoppingBag} hint="Paid or fulfilled" />
      <StatCard label="Revenue" value={formatINR(revenue)} icon={IndianRupee} hint="Paid orders, INR" />
    </dl>
  );
}
