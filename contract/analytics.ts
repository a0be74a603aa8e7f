import { z } from 'zod';

/** Derived from the User-Agent when a page view is recorded; the dashboard shows types with percentages only. */
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'other'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const ANALYTICS_REFRESH_MS = 30_000;

export const PAGE_VIEW_BATCH_MAX = 50;

/** The client reports route changes in batches (`POST /api/analytics/events`). */
export const pageViewBatchSchema = z.object({
  events: z
    .array(z.object({ path: z.string().startsWith('/').max(300) }))
    .min(1)
    .max(PAGE_VIEW_BATCH_MAX),
});
export type PageViewBatch = z.infer<typeof pageViewBatchSchema>;

const severity = z.enum(['critical', 'high', 'medium', 'low']);

export const analyticsDashboardSchema = z.object({
  overview: z.object({
    totalUsers: z.number(),
    newUsers: z.number(),
    activeUsers: z.number(),
    /** Seconds. */
    avgSessionDuration: z.number(),
    /** Percent of visits that saw one page. */
    bounceRate: z.number(),
  }),
  userActivity: z.object({
    pageViews: z.number(),
    topPages: z.array(z.object({ page: z.string(), views: z.number(), uniqueVisitors: z.number() })),
    deviceTypes: z.array(z.object({ type: z.string(), percentage: z.number() })),
  }),
  security: z.object({
    loginAttempts: z.number(),
    failedLogins: z.number(),
    mfaEnabled: z.number(),
    suspiciousActivity: z.number(),
    recentAlerts: z.array(z.object({ severity, message: z.string(), timestamp: z.iso.datetime() })),
  }),
  business: z.object({
    /** USD only, as the spec's figure; `revenue` holds every currency. */
    totalRevenue: z.number(),
    /**
     * What was paid in the window (completed payments: card, confirmed transfers, paid orders and upgrades), one
     * entry per currency (by its code), each in its own currency and never converted.
     */
    revenue: z.array(z.object({ currency: z.string(), amount: z.string(), payments: z.number() })),
    newOrders: z.number(),
    investigationRequests: z.number(),
    vendorApplications: z.number(),
    tierDistribution: z.array(z.object({ tier: z.number(), count: z.number(), percentage: z.number() })),
  }),
  search: z.object({
    totalSearches: z.number(),
    avgResultsPerQuery: z.number(),
    topQueries: z.array(z.object({ query: z.string(), count: z.number(), clickRate: z.number() })),
    zeroResultQueries: z.array(z.object({ query: z.string(), count: z.number() })),
  }),
});
export type AnalyticsDashboard = z.infer<typeof analyticsDashboardSchema>;
