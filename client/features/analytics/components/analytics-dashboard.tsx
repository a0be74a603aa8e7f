import { Activity, Clock, Eye, Search, Users } from 'lucide-react';
import type { AnalyticsDashboard as AnalyticsDashboardData } from '@contract/analytics';
import { StatCard } from '@/components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ActivityTab } from '@/features/analytics/components/activity-tab';
import { BusinessTab } from '@/features/analytics/components/business-tab';
import { RevenueCard } from '@/features/analytics/components/revenue-card';
import { SearchTab } from '@/features/analytics/components/search-tab';
import { SecurityTab } from '@/features/analytics/components/security-tab';
import { formatCount, formatPercent } from '@/lib/format';
import { plural } from '@/lib/plural';

const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

interface AnalyticsDashboardProps {
  data: AnalyticsDashboardData;
  /** When the figures were last read (they refresh every 30 s). */
  updatedAt: number;
}

/** Four headline figures, then activity, security, business and search in tabs. */
export function AnalyticsDashboard({ data, updatedAt }: AnalyticsDashboardProps) {
  const { overview, userActivity, business } = data;
  const sessionMinutes = overview.avgSessionDuration / 60;
  return (
    <div className="grid gap-6">
      <p className="flex items-center gap-2 font-mono text-xs text-muted-foreground">
        <Activity aria-hidden="true" className="size-3.5 text-primary" />
        Last 30 days · refreshes every 30 s · updated {timeFormat.format(updatedAt)}
      </p>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          data-testid="analytics-stat"
          icon={Users}
          label="Total users"
          value={formatCount(overview.totalUsers)}
          hint={`+${plural(overview.newUsers, 'new user')}`}
        />
        <StatCard
          data-testid="analytics-stat"
          icon={Clock}
          label="Active sessions"
          value={formatCount(overview.activeUsers)}
          hint={`${sessionMinutes.toFixed(1)} min average session`}
        />
        <StatCard
          data-testid="analytics-stat"
          icon={Eye}
          label="Page views"
          value={formatCount(userActivity.pageViews)}
          hint={`${formatPercent(overview.bounceRate)} bounce rate`}
        />
        <RevenueCard business={business} />
      </dl>
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
