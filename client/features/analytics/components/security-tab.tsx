import type { AnalyticsDashboard as AnalyticsDashboardData } from '@contract/analytics';
import { Badge } from '@/components/ui/badge';
import { Empty, Figure, Panel } from '@/features/analytics/components/tab-parts';
import { formatCount, formatRelativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';

type Severity = AnalyticsDashboardData['security']['recentAlerts'][number]['severity'];

const severityStyles: Record<Severity, string> = {
  critical: 'border-red-500/50 bg-red-500/15 text-red-400',
  high: 'border-orange-500/50 bg-orange-500/15 text-orange-400',
  medium: 'border-warning/50 bg-warning/10 text-warning',
  low: 'border-slate-500/50 bg-slate-500/15 text-slate-300',
};

export function SecurityTab({ data }: { data: AnalyticsDashboardData['security'] }) {
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Login attempts" value={formatCount(data.loginAttempts)} />
        <Figure label="Failed logins" value={formatCount(data.failedLogins)} />
        <Figure label="MFA enabled" value={formatCount(data.mfaEnabled)} />
        <Figure label="Suspicious activity" value={formatCount(data.suspiciousActivity)} />
      </dl>
      <Panel title="Recent alerts">
        {data.recentAlerts.length === 0 ? (
          <Empty>No security alerts in this period.</Empty>
        ) : (
          <ul aria-label="Recent alerts" className="divide-y">
            {data.recentAlerts.map((alert, index) => (
              <li
                key={`${alert.timestamp}-${index}`}
                className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-3"
              >
                <Badge className={cn('sm:w-20 sm:justify-center', severityStyles[alert.severity])}>
                  {alert.severity}
                </Badge>
                <span className="flex-1 text-sm">{alert.message}</span>
                <time dateTime={alert.timestamp} className="text-xs text-muted-foreground">
                  {formatRelativeTime(alert.timestamp)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
