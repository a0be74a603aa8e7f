import type { AnalyticsDashboard, DeviceType, PageViewBatch } from '../../../contract/analytics.js';
import type { AppContext } from '../../infra/context.js';
import { hmacSha256 } from '../../lib/crypto.js';
import * as repository from './analytics.repository.js';

/** The dashboard looks at the last 30 days; "active" means seen in the last 30 minutes. */
const WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
const ACTIVE_MS = 30 * 60 * 1000;
const TOP = 10;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

const SEVERITY = { urgent: 'critical', high: 'high', normal: 'medium', low: 'low' } as const;

export async function dashboard(ctx: AppContext, now = new Date()): Promise<AnalyticsDashboard> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const db = ctx.db;
  const [overview, views, pages, devices, security, alerts, business, revenue, tiers, search, queries, zero] =
    await Promise.all([
      repository.overview(db, since, new Date(now.getTime() - ACTIVE_MS)),
      repository.pageViewTotals(db, since),
      repository.topPages(db, since, TOP),
      repository.deviceTypes(db, since),
      repository.security(db, since),
      repository.recentAlerts(db, TOP),
      repository.business(db, since),
      repository.revenueByCurrency(db, since),
      repository.tierDistribution(db),
      repository.searchTotals(db, since),
      repository.topQueries(db, since, TOP),
      repository.zeroResultQueries(db, since, TOP),
    ]);
  const deviceTotal = devices.reduce((sum, d) => sum + d.count, 0);
  return {
    overview: {
      totalUsers: overview.totalUsers,
      newUsers: overview.newUsers,
      activeUsers: overview.activeUsers,
      avgSessionDuration: Math.round(overview.avgSessionSeconds),
      bounceRate: percent(views.bounced, views.visitors),
    },
    userActivity: {
      pageViews: views.pageViews,
      topPages: pages,
      deviceTypes: devices.map((d) => ({ type: d.type, percentage: percent(d.count, deviceTotal) })),
    },
    security: {
      ...security,
      recentAlerts: alerts.map((a) => ({
        severity: SEVERITY[a.priority as keyof typeof SEVERITY] ?? 'low',
        message: `${a.title}: ${a.message}`,
        timestamp: new Date(a.createdAt).toISOString(),
      })),
    },
    business: {
      ...business,
      totalRevenue: Math.round(business.totalRevenue * 100) / 100,
      revenue,
      tierDistribution: tiers.map((t) => ({
        tier: t.tier,
        count: t.count,
        percentage: percent(t.count, overview.totalUsers),
      })),
    },
    search: {
      totalSearches: search.totalSearches,
      avgResultsPerQuery: Math.round(search.avgResults * 10) / 10,
      topQueries: queries.map((q) => ({
        query: q.query,
        count: q.count,
        clickRate: percent(q.clicks, q.count),
      })),
      zeroResultQueries: zero,
    },
  };
}

export function deviceType(userAgent: string | undefined): DeviceType {
  const ua = userAgent ?? '';
  if (/iPad|Tablet/i.test(ua)) return 'tablet';
  if (/Mobi|Android|iPhone/i.test(ua)) return 'mobile';
  if (/Windows|Macintosh|X11|Linux/i.test(ua)) return 'desktop';
  return 'other';
}

export interface Visitor {
  /** The session cookie when there is one, otherwise IP and User-Agent: hashed, never stored as is. */
  key: string;
  userId: string | null;
  userAgent: string | undefined;
}

/** Records the client's batch of route changes; the visitor key is a keyed hash, so it cannot be reversed. */
export async function recordPageViews(
  ctx: AppContext,
  batch: PageViewBatch,
  visitor: Visitor,
): Promise<number> {
  const sessionId = hmacSha256(ctx.config.sessionSecret, `visitor:${visitor.key}`).slice(0, 32);
  const type = deviceType(visitor.userAgent);
  await repository.insertPageViews(
    ctx.db,
    batch.events.map((event) => ({
      path: event.path.split('?')[0]!.slice(0, 300),
      deviceType: type,
      sessionId,
      userId: visitor.userId,
    })),
  );
  return batch.events.length;
}
