import type { ReactElement, ReactNode } from 'react';
import { Activity, Clock, DollarSign, Eye, Search, Users, type LucideIcon } from 'lucide-react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsDashboard as AnalyticsDashboardData } from '@contract/analytics';
import { tierLabel, tierName } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CHART_AXIS, CHART_GRID, CHART_TOOLTIP, chartColor } from '@/features/analytics/utils/chart-theme';
import { formatCount, formatPercent, formatRelativeTime, formatUSD } from '@/lib/format';
import { cn } from '@/lib/utils';

type Severity = AnalyticsDashboardData['security']['recentAlerts'][number]['severity'];

const severityStyles: Record<Severity, string> = {
  critical: 'border-red-500/50 bg-red-500/15 text-red-400',
  high: 'border-orange-500/50 bg-orange-500/15 text-orange-400',
  medium: 'border-warning/50 bg-warning/10 text-warning',
  low: 'border-slate-500/50 bg-slate-500/15 text-slate-300',
};

const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

function StatCard({
  icon: Icon,
  label,
  value,
  detail,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  detail: string;
}) {
  return (
    <Card className="gap-2" data-testid="analytics-stat">
      <CardHeader className="flex-row items-center justify-between">
        <CardDescription className="font-mono text-xs tracking-widest uppercase">{label}</CardDescription>
        <Icon aria-hidden="true" className="size-4 text-primary" />
      </CardHeader>
      <CardContent className="grid gap-1">
        <p className="text-2xl font-bold tracking-tight">{value}</p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </CardContent>
    </Card>
  );
}

/** A labelled figure inside a tab. */
function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={cn('rounded-md border bg-surface px-4 py-3', className)}>
      <dt className="font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-semibold">{value}</dd>
    </div>
  );
}

function Panel({
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

function Empty({ children }: { children: string }) {
  return <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>;
}

/** Charts repeat the tables beside them for sighted users; screen readers get the tables only. */
function ChartBox({ height = 240, children }: { height?: number; children: ReactElement }) {
  return (
    <div aria-hidden="true" className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

function ActivityTab({ data }: { data: AnalyticsDashboardData['userActivity'] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Panel title="Top pages" description="Views and unique visitors per page.">
        {data.topPages.length === 0 ? (
          <Empty>No page views recorded yet.</Empty>
        ) : (
          <div className="grid gap-4">
            <ChartBox>
              <BarChart data={data.topPages} margin={{ left: -16, right: 8 }} accessibilityLayer={false}>
                <CartesianGrid stroke={CHART_GRID} vertical={false} />
                <XAxis dataKey="page" {...CHART_AXIS} interval={0} tickLine={false} />
                <YAxis {...CHART_AXIS} allowDecimals={false} tickLine={false} />
                <Tooltip {...CHART_TOOLTIP} />
                <Bar dataKey="views" name="Views" fill={chartColor(0)} radius={[3, 3, 0, 0]} />
                <Bar
                  dataKey="uniqueVisitors"
                  name="Unique visitors"
                  fill={chartColor(1)}
                  radius={[3, 3, 0, 0]}
                />
              </BarChart>
            </ChartBox>
            <table className="w-full text-sm">
              <caption className="sr-only">Top pages</caption>
              <thead className="text-left font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="pb-2 font-medium">
                    Page
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Views
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Unique visitors
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {data.topPages.map((page) => (
                  <tr key={page.page}>
                    <td className="py-2 font-mono text-xs break-all">{page.page}</td>
                    <td className="py-2 text-right tabular-nums">{formatCount(page.views)}</td>
                    <td className="py-2 text-right tabular-nums">{formatCount(page.uniqueVisitors)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      <Panel title="Device types" description="Share of page views by device.">
        {data.deviceTypes.length === 0 ? (
          <Empty>No devices recorded yet.</Empty>
        ) : (
          <div className="grid gap-4">
            <ChartBox height={200}>
              <PieChart accessibilityLayer={false}>
                <Pie
                  data={data.deviceTypes}
                  dataKey="percentage"
                  nameKey="type"
                  innerRadius="55%"
                  outerRadius="90%"
                  // A gap between slices, none in a ring of one.
                  paddingAngle={data.deviceTypes.length > 1 ? 2 : 0}
                  stroke="none"
                >
                  {data.deviceTypes.map((device, index) => (
                    <Cell key={device.type} fill={chartColor(index)} />
                  ))}
                </Pie>
                <Tooltip {...CHART_TOOLTIP} formatter={(value) => formatPercent(Number(value))} />
              </PieChart>
            </ChartBox>
            <ul aria-label="Device types" className="grid gap-2 text-sm">
              {data.deviceTypes.map((device, index) => (
                <li key={device.type} className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="size-2.5 rounded-sm"
                    style={{ backgroundColor: chartColor(index) }}
                  />
                  <span className="flex-1 capitalize">{device.type}</span>
                  <span className="font-mono tabular-nums">{formatPercent(device.percentage)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Panel>
    </div>
  );
}

function SecurityTab({ data }: { data: AnalyticsDashboardData['security'] }) {
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

function BusinessTab({ data }: { data: AnalyticsDashboardData['business'] }) {
  const tiers = data.tierDistribution.map((entry) => ({ ...entry, label: tierLabel(entry.tier) }));
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Figure label="New orders" value={formatCount(data.newOrders)} />
        <Figure label="Investigation requests" value={formatCount(data.investigationRequests)} />
        <Figure
          label="Vendor applications"
          value={formatCount(data.vendorApplications)}
          className="col-span-2 lg:col-span-1"
        />
      </dl>
      <Panel title="User tier distribution" description="Accounts per clearance tier.">
        {tiers.length === 0 ? (
          <Empty>No accounts yet.</Empty>
        ) : (
          <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-center">
            <ChartBox height={220}>
              <BarChart data={tiers} margin={{ left: -16, right: 8 }} accessibilityLayer={false}>
                <CartesianGrid stroke={CHART_GRID} vertical={false} />
                <XAxis dataKey="label" {...CHART_AXIS} tickLine={false} />
                <YAxis {...CHART_AXIS} allowDecimals={false} tickLine={false} />
                <Tooltip {...CHART_TOOLTIP} />
                <Bar dataKey="count" name="Accounts" radius={[3, 3, 0, 0]}>
                  {tiers.map((entry, index) => (
                    <Cell key={entry.tier} fill={chartColor(index)} />
                  ))}
                </Bar>
              </BarChart>
            </ChartBox>
            <ul aria-label="Tier distribution" className="grid gap-2 text-sm">
              {tiers.map((entry) => (
                <li key={entry.tier} className="flex items-center gap-2">
                  <Badge>{entry.label}</Badge>
                  <span className="flex-1 text-muted-foreground">{tierName(entry.tier)}</span>
                  <span className="tabular-nums">{formatCount(entry.count)}</span>
                  <span className="w-14 text-right font-mono text-xs tabular-nums text-muted-foreground">
                    {formatPercent(entry.percentage)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Panel>
    </div>
  );
}

function SearchTab({ data }: { data: AnalyticsDashboardData['search'] }) {
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Figure label="Total searches" value={formatCount(data.totalSearches)} />
        <Figure
          label="Average results per query"
          value={Number.isFinite(data.avgResultsPerQuery) ? data.avgResultsPerQuery.toFixed(1) : '—'}
        />
        <Figure
          label="Zero-result queries"
          value={formatCount(data.zeroResultQueries.reduce((sum, entry) => sum + entry.count, 0))}
          className="col-span-2 lg:col-span-1"
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel title="Top queries">
          {data.topQueries.length === 0 ? (
            <Empty>No searches yet.</Empty>
          ) : (
            <table className="w-full text-sm">
              <caption className="sr-only">Top queries</caption>
              <thead className="text-left font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="pb-2 font-medium">
                    Query
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Searches
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Click rate
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {data.topQueries.map((entry) => (
                  <tr key={entry.query}>
                    <td className="py-2 break-all">{entry.query}</td>
                    <td className="py-2 text-right tabular-nums">{formatCount(entry.count)}</td>
                    <td className="py-2 text-right tabular-nums">{formatPercent(entry.clickRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Panel>
        <Panel title="Queries with no results" description="What people look for and do not find.">
          {data.zeroResultQueries.length === 0 ? (
            <Empty>Every search found something.</Empty>
          ) : (
            <ul aria-label="Queries with no results" className="divide-y text-sm">
              {data.zeroResultQueries.map((entry) => (
                <li key={entry.query} className="flex items-center gap-3 py-2 first:pt-0 last:pb-0">
                  <span className="flex-1 break-all">{entry.query}</span>
                  <span className="tabular-nums text-muted-foreground">{formatCount(entry.count)}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}

interface AnalyticsDashboardProps {
  data: AnalyticsDashboardData;
  /** When the figures were last read (they refresh every 30 s). */
  updatedAt: number;
}

/** Spec 2.19: four headline figures, then activity, security, business and search in tabs. */
export function AnalyticsDashboard({ data, updatedAt }: AnalyticsDashboardProps) {
  const { overview, userActivity, business } = data;
  const sessionMinutes = overview.avgSessionDuration / 60;
  return (
    <div className="grid gap-6">
      <p className="flex items-center gap-2 font-mono text-xs text-muted-foreground">
        <Activity aria-hidden="true" className="size-3.5 text-primary" />
        Last 30 days · refreshes every 30 s · updated {timeFormat.format(updatedAt)}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          icon={Users}
          label="Total users"
          value={formatCount(overview.totalUsers)}
          detail={`+${formatCount(overview.newUsers)} new users`}
        />
        <StatCard
          icon={Clock}
          label="Active sessions"
          value={formatCount(overview.activeUsers)}
          detail={`${sessionMinutes.toFixed(1)} min average session`}
        />
        <StatCard
          icon={Eye}
          label="Page views"
          value={formatCount(userActivity.pageViews)}
          detail={`${formatPercent(overview.bounceRate)} bounce rate`}
        />
        <StatCard
          icon={DollarSign}
          label="Revenue"
          value={formatUSD(business.totalRevenue)}
          detail={`${formatCount(business.newOrders)} new orders`}
        />
      </div>
      <Tabs defaultValue="activity">
        <TabsList className="w-full overflow-x-auto sm:w-fit">
          <TabsTrigger value="activity">Activity</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="business">Business</TabsTrigger>
          <TabsTrigger value="search">
            <Search aria-hidden="true" className="size-3.5" />
            Search
          </TabsTrigger>
        </TabsList>
        <TabsContent value="activity">
          <ActivityTab data={userActivity} />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab data={data.security} />
        </TabsContent>
        <TabsContent value="business">
          <BusinessTab data={business} />
        </TabsContent>
        <TabsContent value="search">
          <SearchTab data={data.search} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
