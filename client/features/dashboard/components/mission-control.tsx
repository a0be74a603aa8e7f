import type { ReactNode } from 'react';
import {
  AlarmClock,
  Activity,
  Briefcase,
  ChevronRight,
  FileSearch,
  Inbox,
  MessageSquareLock,
  Package,
  ScrollText,
  Settings,
  ShieldAlert,
  ShieldCheck,
  Store,
  Target,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import type { User } from '@contract/auth';
import type { DashboardSummary } from '@contract/dashboard';
import { DIRECTOR_TIER, tierLabel, tierName } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';
import { useDashboardSummary } from '@/features/dashboard/api/get-dashboard-summary';
import { useDashboardAccessGate } from '@/features/dashboard/hooks/use-dashboard-access-gate';
import { securityLevel } from '@/features/dashboard/utils/security-level';
import { formatCount, formatMoney, formatRelativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';

interface MissionControlProps {
  user: User | null;
  /** The equipment cart summary, composed in by the route (it belongs to the cart). */
  cartSummary: ReactNode;
  /** The 'Upgrade Tier' button and its dialog, composed in by the route (they belong to payments). */
  upgradeAction: ReactNode;
}

interface QuickAction {
  label: string;
  description: string;
  href: string;
  icon: LucideIcon;
}

const QUICK_ACTIONS: readonly QuickAction[] = [
  {
    label: 'Request investigation',
    description: 'Licensed investigators',
    href: paths.investigations.getHref(),
    icon: FileSearch,
  },
  { label: 'New case', description: 'Open and follow a case', href: paths.cases.getHref(), icon: Briefcase },
  {
    label: 'Browse equipment',
    description: 'Tactical marketplace',
    href: paths.marketplace.getHref(),
    icon: Store,
  },
  {
    label: 'Secure channel',
    description: 'Request a secure line',
    href: paths.secureChannel.getHref(),
    icon: MessageSquareLock,
  },
  { label: 'Settings', description: 'Security and profile', href: paths.settings.getHref(), icon: Settings },
];

/** Added for Directors (tier 4): their staff screens. */
const DIRECTOR_QUICK_ACTIONS: readonly QuickAction[] = [
  {
    label: 'Audit trail',
    description: 'Who did and saw what',
    href: paths.audit.getHref(),
    icon: ScrollText,
  },
];

function words(value: string): string {
  return value.replaceAll('_', ' ');
}

function Section({
  title,
  description,
  children,
  className,
  action,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  action?: ReactNode;
}) {
  const id = `dashboard-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Card role="region" aria-labelledby={id} className={className}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle id={id} className="text-base">
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function EmptyList({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-md border border-dashed px-4 py-6 text-center">
      <Icon aria-hidden="true" className="size-6 text-muted-foreground" />
      <p className="text-sm text-muted-foreground">{children}</p>
    </div>
  );
}

function StatCards({ counts }: { counts: DashboardSummary['counts'] }) {
  return (
    <dl aria-label="Your figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        label="Open cases"
        value={formatCount(counts.openCases)}
        hint="Not yet completed or closed"
        icon={Briefcase}
      />
      <StatCard
        label="Investigations"
        value={formatCount(counts.investigations)}
        hint={`${formatCount(counts.activeInvestigations)} active`}
        icon={FileSearch}
      />
      <StatCard
        label="Orders"
        value={formatCount(counts.orders)}
        hint="Equipment orders placed"
        icon={Package}
      />
      <StatCard
        label="Inquiries"
        value={formatCount(counts.inquiries)}
        hint="Digital service inquiries"
        icon={Inbox}
      />
    </dl>
  );
}

function RecentActivity({ items }: { items: DashboardSummary['recentActivity'] }) {
  if (items.length === 0) return <EmptyList icon={Activity}>No recent activity</EmptyList>;
  return (
    <ol aria-label="Recent activity" className="grid gap-3">
      {items.map((item) => (
        <li key={item.id} data-testid="activity-item" className="flex gap-3">
          <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
          <div className="min-w-0">
            <p className="text-sm break-words">{item.description}</p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={item.createdAt}>{formatRelativeTime(item.createdAt)}</time>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

function MissionStatus({ missions }: { missions: DashboardSummary['missions'] }) {
  if (missions.length === 0) {
    return (
      <EmptyList icon={Target}>No active missions: open cases and investigations appear here.</EmptyList>
    );
  }
  return (
    <ul aria-label="Missions" className="grid gap-2">
      {missions.map((mission) => (
        <li key={`${mission.kind}-${mission.id}`} data-testid="mission" className="flex items-center gap-3">
          {mission.kind === 'case' ? (
            <Briefcase aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          ) : (
            <FileSearch aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          )}
          <div className="min-w-0 flex-1">
            <Link
              href={mission.kind === 'case' ? paths.cases.getHref() : paths.investigations.getHref()}
              className="block truncate text-sm font-medium hover:text-primary"
            >
              {mission.title}
            </Link>
            <p className="text-xs text-muted-foreground">
              {mission.kind === 'case' ? 'Case' : 'Investigation'} · updated{' '}
              <time dateTime={mission.updatedAt}>{formatRelativeTime(mission.updatedAt)}</time>
            </p>
          </div>
          <Badge variant="outline">{words(mission.status)}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** Directors: their open tasks already past due, each opening its case. */
function OverdueTasks({ tasks }: { tasks: DashboardSummary['overdueTasks'] }) {
  return (
    <ul aria-label="Overdue tasks" className="grid gap-2">
      {tasks.map((task) => (
        <li key={task.id} className="flex items-center gap-3">
          <AlarmClock aria-hidden="true" className="size-4 shrink-0 text-red-400" />
          <div className="min-w-0 flex-1">
            <Link
              href={`${paths.cases.getHref()}?tab=tasks&case=${encodeURIComponent(task.caseId)}`}
              className="block truncate text-sm font-medium hover:text-primary"
            >
              {task.title}
            </Link>
            <p className="text-xs text-muted-foreground">
              <span className="font-mono">{task.caseNumber}</span> · was due{' '}
              <time dateTime={task.dueAt}>{formatRelativeTime(task.dueAt)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function RecentOrders({ orders }: { orders: DashboardSummary['recentOrders'] }) {
  if (orders.length === 0) return <EmptyList icon={Package}>No orders yet</EmptyList>;
  return (
    <ul aria-label="Recent orders" className="divide-y">
      {orders.map((order) => (
        <li key={order.id} data-testid="recent-order">
          <Link
            href={paths.order.getHref(order.id)}
            className="flex items-center gap-3 rounded-sm py-2 outline-none hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <div className="min-w-0 flex-1">
              <p className="font-mono text-sm">{order.orderNumber}</p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={order.createdAt}>{formatRelativeTime(order.createdAt)}</time>
              </p>
            </div>
            <Badge variant={order.status === 'cancelled' ? 'destructive' : 'secondary'}>
              {words(order.status)}
            </Badge>
            <span className="font-mono text-sm font-semibold">
              {formatMoney(order.total, order.currency)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function QuickActions({ director }: { director: boolean }) {
  const actions = director ? [...QUICK_ACTIONS, ...DIRECTOR_QUICK_ACTIONS] : QUICK_ACTIONS;
  return (
    <ul aria-label="Quick actions" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
      {actions.map(({ label, description, href, icon: Icon }) => (
        <li key={label}>
          <Link
            href={href}
            className="group flex items-center gap-3 rounded-md border bg-surface px-3 py-2.5 transition-colors outline-none hover:border-primary/60 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium">{label}</span>
              <span className="block text-xs text-muted-foreground">{description}</span>
            </span>
            <ChevronRight
              aria-hidden="true"
              className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SummaryLoading() {
  return (
    <div aria-busy="true" className="grid gap-6">
      <span role="status" className="sr-only">
        Loading Mission Control
      </span>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-28" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
      </div>
    </div>
  );
}

/**
 * Mission Control: the user's clearance and security level, their own figures,
 * recent activity, missions and orders, quick actions, the cart summary and the upgrade dialog.
 */
export function MissionControl({ user, cartSummary, upgradeAction }: MissionControlProps) {
  const summary = useDashboardSummary();
  const lost = useDashboardAccessGate(Boolean(user), summary.error);
  if (lost || !user) return null;

  const level = securityLevel(user.effectiveTier);
  const data = summary.data;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <header className="mb-8 flex flex-col gap-5 border-b pb-6 md:flex-row md:items-end md:justify-between">
        <div className="space-y-2">
          <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Operations</p>
          <h1 className="text-3xl font-bold tracking-tight">Mission Control</h1>
          <div className="flex flex-wrap items-center gap-3 pt-1">
            <Badge className="px-2.5 py-1 text-xs" data-testid="dashboard-tier">
              {tierLabel(user.effectiveTier)}
            </Badge>
            <span className="text-sm font-medium">{tierName(user.effectiveTier)} clearance</span>
            <span
              data-testid="security-level"
              className={cn(
                'inline-flex items-center gap-1.5 rounded border px-2.5 py-1 font-mono text-xs font-semibold tracking-wider',
                level === 'MAXIMUM'
                  ? 'border-primary/40 bg-primary/10 text-primary'
                  : 'border-warning/40 bg-warning/10 text-warning',
              )}
            >
              {level === 'MAXIMUM' ? (
                <ShieldCheck aria-hidden="true" className="size-3.5" />
              ) : (
                <ShieldAlert aria-hidden="true" className="size-3.5" />
              )}
              Security level: {level}
            </span>
          </div>
        </div>
        {upgradeAction}
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-6">
          {summary.isPending ? (
            <SummaryLoading />
          ) : summary.isError || !data ? (
            <LoadError
              className="rounded-lg border border-dashed px-6 py-8"
              message="Your figures could not be loaded."
              onRetry={() => void summary.refetch()}
            />
          ) : (
            <>
              {data.overdueTasks.length > 0 && (
                <Section title="Overdue Tasks" description="Your open case tasks past their due time.">
                  <OverdueTasks tasks={data.overdueTasks} />
                </Section>
              )}
              <StatCards counts={data.counts} />
              <div className="grid gap-6 xl:grid-cols-2">
                <Section title="Mission Status" description="Open cases and active investigations.">
                  <MissionStatus missions={data.missions} />
                </Section>
                <Section title="Recent Activity" description="What happened on your account.">
                  <RecentActivity items={data.recentActivity} />
                </Section>
              </div>
              <Section
                title="Recent Orders"
                description="Equipment orders, in the currency they were paid in."
              >
                <RecentOrders orders={data.recentOrders} />
              </Section>
            </>
          )}
        </div>
        <aside className="grid content-start gap-6">
          <Section title="Quick Actions">
            <QuickActions director={user.tier >= DIRECTOR_TIER} />
          </Section>
          {cartSummary}
        </aside>
      </div>
    </div>
  );
}
