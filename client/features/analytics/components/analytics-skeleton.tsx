import { Skeleton } from '@/components/ui/skeleton';
import { ANALYTICS_LOADING_PLACEHOLDERS } from '@/lib/constants';

const STAT_PLACEHOLDERS = 4;

/** Eight placeholders while the dashboard loads: the four stat cards, then the panels below them. */
export function AnalyticsSkeleton() {
  const placeholders = Array.from({ length: ANALYTICS_LOADING_PLACEHOLDERS }, (_, index) => index);
  return (
    <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <span role="status" className="sr-only">
        Loading analytics
      </span>
      {placeholders.map((index) => (
        <Skeleton
          key={index}
          data-testid="analytics-placeholder"
          className={index < STAT_PLACEHOLDERS ? 'h-28' : 'h-56 sm:col-span-1 xl:col-span-2'}
        />
      ))}
    </div>
  );
}
