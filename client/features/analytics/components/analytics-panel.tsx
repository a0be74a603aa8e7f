import { lazy, Suspense } from 'react';
import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAnalyticsDashboard } from '@/features/analytics/api/get-analytics-dashboard';
import { AnalyticsSkeleton } from '@/features/analytics/components/analytics-skeleton';
import { ApiError } from '@/lib/api-client';

// The charts library is heavy: load it only when a Director opens the dashboard.
const AnalyticsDashboard = lazy(() =>
  import('@/features/analytics/components/analytics-dashboard').then((module) => ({
    default: module.AnalyticsDashboard,
  })),
);

/**
 * The analytics dashboard of the settings page, for Directors: the figures are read (and refreshed
 * every 30 s) while the charts load; eight placeholders stand in until both are there.
 */
export function AnalyticsPanel() {
  const dashboard = useAnalyticsDashboard();

  if (dashboard.isPending) return <AnalyticsSkeleton />;

  // A failed refresh keeps the last figures on screen; only a first load that failed shows the error.
  if (!dashboard.data) {
    const forbidden = dashboard.error instanceof ApiError && dashboard.error.status === 403;
    return (
      <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed px-6 py-12 text-center">
        <p role="alert" className="text-sm text-muted-foreground">
          {forbidden
            ? 'Analytics access requires Tier 4 clearance or higher.'
            : 'The analytics could not be loaded. Check your connection and try again.'}
        </p>
        {!forbidden && (
          <Button variant="outline" onClick={() => void dashboard.refetch()}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        )}
      </div>
    );
  }

  return (
    <Suspense fallback={<AnalyticsSkeleton />}>
      <AnalyticsDashboard data={dashboard.data} updatedAt={dashboard.dataUpdatedAt} />
    </Suspense>
  );
}
