import { Boxes, CheckCircle2, Clock, IndianRupee, PackageCheck, ShoppingBag } from 'lucide-react';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { useVendorStats } from '@/features/vendors/api/get-vendor-stats';
import { formatINR } from '@/lib/format';

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
      <StatCard compact label="Products" value={String(totalProducts)} icon={Boxes} />
      <StatCard
        compact
        label="Approved"
        value={String(approvedProducts)}
        icon={CheckCircle2}
        hint="Listed for sale"
      />
      <StatCard compact label="Pending" value={String(pendingProducts)} icon={Clock} hint="Awaiting review" />
      <StatCard compact label="Units sold" value={String(unitsSold)} icon={PackageCheck} />
      <StatCard compact label="Orders" value={String(orders)} icon={ShoppingBag} hint="Paid or fulfilled" />
      <StatCard
        compact
        label="Revenue"
        value={formatINR(revenue)}
        icon={IndianRupee}
        hint="Paid orders, INR"
      />
    </dl>
  );
}
