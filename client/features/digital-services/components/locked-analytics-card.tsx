import { BarChart3, Lock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { RequestAccessButton } from '@/features/digital-services/components/service-card';
import { ADVANCED_ANALYTICS_TIER, type AccessRequest } from '@/features/digital-services/utils/access';

const HEADING_ID = 'advanced-analytics-name';

/** The placeholder card shown below tier 2: 'Advanced Analytics / TIER 2 REQUIRED'. */
export function LockedAnalyticsCard({ requestAccess }: { requestAccess: AccessRequest }) {
  return (
    <article
      aria-labelledby={HEADING_ID}
      data-testid="locked-analytics-card"
      className="flex h-full w-full flex-col items-center justify-center gap-4 rounded-lg border border-dashed bg-card/60 p-6 text-center"
    >
      <span className="relative flex size-14 items-center justify-center rounded-full border bg-surface text-muted-foreground">
        <BarChart3 aria-hidden="true" className="size-6" />
        <Lock
          aria-hidden="true"
          className="absolute -right-1 -bottom-1 size-5 rounded-full border bg-card p-0.5 text-warning"
        />
      </span>
      <div className="space-y-2">
        <h3 id={HEADING_ID} className="text-lg font-semibold">
          Advanced Analytics
        </h3>
        <Badge variant="warning" className="mx-auto">
          TIER {ADVANCED_ANALYTICS_TIER} REQUIRED
        </Badge>
      </div>
      <p className="max-w-xs text-sm text-muted-foreground">
        Cross-service correlation, predictive risk models and custom dashboards for Operator clearance and
        above.
      </p>
      <RequestAccessButton tier={ADVANCED_ANALYTICS_TIER} request={requestAccess} describedBy={HEADING_ID} />
    </article>
  );
}
