import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  auditLog,
  investigationRequests,
  notifications,
  orders,
  pageViews,
  payments,
  searchLog,
  sessions,
  users,
  vendorApplications,
} from '../../db/schema/index.js';

type Row = Record<string, unknown>;

async function one<T extends Row>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T> {
  const result = await db.execute<T>(query);
  return result.rows[0] as T;
}

async function many<T extends Row>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute<T>(query)).rows as T[];
}

export async function overview(db: DbOrTx, since: Date, activeSince: Date) {
  return one<{ totalUsers: number; newUsers: number; activeUsers: number; avgSessionSeconds: number }>(
    db,
    sql`select
      (select count(*)::int from ${users}) as "totalUsers",
      (select count(*)::int from ${users} where ${users.createdAt} >= ${since}) as "newUsers",
      (select count(distinct ${sessions.userId})::int from ${sessions}
        where ${sessions.lastSeenAt} >= ${activeSince} and not ${sessions.mfaPending}) as "activeUsers",
      (select coalesce(avg(extract(epoch from ${sessions.lastSeenAt} - ${sessions.createdAt})), 0)::float8
        from ${sessions} where ${sessions.createdAt} >= ${since}) as "avgSessionSeconds"`,
  );
}

export async function pageViewTotals(db: DbOrTx, since: Date) {
  return one<{ pageViews: number; visitors: number; bounced: number }>(
    db,
    sql`select coalesce(sum(views), 0)::int as "pageViews", count(*)::int as visitors,
        count(*) filter (where views = 1)::int as bounced
      from (select ${pageViews.sessionId} as visitor, count(*) as views from ${pageViews}
            where ${pageViews.createdAt} >= ${since} group by 1) v`,
  );
}

export async function topPages(db: DbOrTx, since: Date, limit: number) {
  return many<{ page: string; views: number; uniqueVisitors: number }>(
    db,
    sql`select ${pageViews.path} as page, count(*)::int as views,
        count(distinct ${pageViews.sessionId})::int as "uniqueVisitors"
      from ${pageViews} where ${pageViews.createdAt} >= ${since}
      group by 1 order by 2 desc, 1 limit ${limit}`,
  );
}

export async function deviceTypes(db: DbOrTx, since: Date) {
  return many<{ type: string; count: number }>(
    db,
    sql`select ${pageViews.deviceType}::text as type, count(*)::int as count
      from ${pageViews} where ${pageViews.createdAt} >= ${since} group by 1 order by 2 desc`,
  );
}

export async function security(db: DbOrTx, since: Date) {
  return one<{ loginAttempts: number; failedLogins: number; mfaEnabled: number; suspiciousActivity: number }>(
    db,
    sql`select
      (select count(*)::int from ${auditLog} where ${auditLog.createdAt} >= ${since}
        and ${auditLog.action} in ('auth.login_succeeded', 'auth.login_failed')) as "loginAttempts",
      (select count(*)::int from ${auditLog} where ${auditLog.createdAt} >= ${since}
        and ${auditLog.action} = 'auth.login_failed') as "failedLogins",
      (select count(*)::int from ${users} where ${users.mfaEnabled}) as "mfaEnabled",
      (select count(*)::int from ${notifications} where ${notifications.createdAt} >= ${since}
        and ${notifications.type} = 'security_alert' and ${notifications.priority} in ('urgent', 'high')) as "suspiciousActivity"`,
  );
}

export async function recentAlerts(db: DbOrTx, limit: number) {
  return many<{ priority: string; title: string; message: string; createdAt: Date }>(
    db,
    sql`select ${notifications.priority}::text as priority, ${notifications.title} as title,
        ${notifications.message} as message, ${notifications.createdAt} as "createdAt"
      from ${notifications} where ${notifications.type} = 'security_alert'
      order by ${notifications.createdAt} desc limit ${limit}`,
  );
}

export async function business(db: DbOrTx, since: Date) {
  return one<{
    totalRevenue: number;
    newOrders: number;
    investigationRequests: number;
    vendorApplications: number;
  }>(
    db,
    sql`select
      (select coalesce(sum(${payments.amount}), 0)::float8 from ${payments}
        where ${payments.status} = 'completed' and ${payments.currency} = 'USD' and ${payments.completedAt} >= ${since}) as "totalRevenue",
      (select count(*)::int from ${orders} where ${orders.createdAt} >= ${since}) as "newOrders",
      (select count(*)::int from ${investigationRequests} where ${investigationRequests.createdAt} >= ${since}) as "investigationRequests",
      (select count(*)::int from ${vendorApplications} where ${vendorApplications.createdAt} >= ${since}) as "vendorApplications"`,
  );
}

/** Completed payments in the window, summed per currency (exact decimals, as text). */
export async function revenueByCurrency(db: DbOrTx, since: Date) {
  return many<{ currency: string; amount: string; payments: number }>(
    db,
    sql`select ${payments.currency} as currency, sum(${payments.amount})::numeric(14, 2)::text as amount,
        count(*)::int as payments
      from ${payments} where ${payments.status} = 'completed' and ${payments.completedAt} >= ${since}
      group by 1 order by 1`,
  );
}

export async function tierDistribution(db: DbOrTx) {
  return many<{ tier: number; count: number }>(
    db,
    sql`select ${users.tier} as tier, count(*)::int as count from ${users} group by 1 order by 1`,
  );
}

export async function searchTotals(db: DbOrTx, since: Date) {
  return one<{ totalSearches: number; avgResults: number }>(
    db,
    sql`select count(*)::int as "totalSearches", coalesce(avg(${searchLog.resultCount}), 0)::float8 as "avgResults"
      from ${searchLog} where ${searchLog.createdAt} >= ${since}`,
  );
}

export async function topQueries(db: DbOrTx, since: Date, limit: number) {
  return many<{ query: string; count: number; clicks: number }>(
    db,
    sql`select ${searchLog.query} as query, count(*)::int as count,
        count(*) filter (where ${searchLog.clicked})::int as clicks
      from ${searchLog} where ${searchLog.createdAt} >= ${since}
      group by 1 order by 2 desc, 1 limit ${limit}`,
  );
}

export async function zeroResultQueries(db: DbOrTx, since: Date, limit: number) {
  return many<{ query: string; count: number }>(
    db,
    sql`select ${searchLog.query} as query, count(*)::int as count
      from ${searchLog} where ${searchLog.createdAt} >= ${since} and ${searchLog.resultCount} = 0
      group by 1 order by 2 desc, 1 limit ${limit}`,
  );
}

export async function insertPageViews(
  db: DbOrTx,
  rows: {
    path: string;
    deviceType: 'desktop' | 'mobile' | 'tablet' | 'other';
    sessionId: string;
    userId: string | null;
  }[],
) {
  await db.insert(pageViews).values(rows);
}
