import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ANALYTICS_REFRESH_MS, type AnalyticsDashboard } from '@contract/analytics';
import { getAnalyticsDashboardQueryOptions } from '@/features/analytics/api/get-analytics-dashboard';
import { AnalyticsPanel } from '@/features/analytics/components/analytics-panel';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const dashboard: AnalyticsDashboard = {
  overview: { totalUsers: 1284, newUsers: 37, activeUsers: 42, avgSessionDuration: 252, bounceRate: 31.25 },
  userActivity: {
    pageViews: 15230,
    topPages: [
      { page: '/marketplace', views: 5400, uniqueVisitors: 1200 },
      { page: '/digital', views: 3100, uniqueVisitors: 900 },
    ],
    deviceTypes: [
      { type: 'desktop', percentage: 71.4 },
      { type: 'mobile', percentage: 28.6 },
    ],
  },
  security: {
    loginAttempts: 980,
    failedLogins: 41,
    mfaEnabled: 310,
    suspiciousActivity: 3,
    recentAlerts: [
      {
        severity: 'critical',
        message: 'Repeated failed sign-ins from 203.0.113.9',
        timestamp: new Date().toISOString(),
      },
    ],
  },
  business: {
    totalRevenue: 45678.9,
    revenue: [
      { currency: 'INR', amount: '390993.00', payments: 1 },
      { currency: 'USD', amount: '45678.90', payments: 52 },
    ],
    newOrders: 127,
    investigationRequests: 18,
    vendorApplications: 6,
    tierDistribution: [
      { tier: 1, count: 1000, percentage: 77.9 },
      { tier: 4, count: 4, percentage: 0.3 },
    ],
  },
  search: {
    totalSearches: 4200,
    avgResultsPerQuery: 6.42,
    topQueries: [{ query: 'rf detector', count: 320, clickRate: 64.5 }],
    zeroResultQueries: [{ query: 'drone jammer', count: 12 }],
  },
};

describe('analytics dashboard', () => {
  it('refreshes every 30 seconds', () => {
    expect(getAnalyticsDashboardQueryOptions().refetchInterval).toBe(ANALYTICS_REFRESH_MS);
    expect(ANALYTICS_REFRESH_MS).toBe(30_000);
  });

  it('shows a skeleton of 8 placeholders while it loads', () => {
    mockFetch(() => new Promise(() => {}));
    renderWithProviders(<AnalyticsPanel />);
    expect(screen.getAllByTestId('analytics-placeholder')).toHaveLength(8);
    expect(screen.getByRole('status')).toHaveTextContent('Loading analytics');
  });

  it('shows the four headline figures, then each tab', async () => {
    mockFetch(({ url }) => (url === '/api/analytics/dashboard' ? { json: dashboard } : undefined));
    // jsdom lays nothing out, so the charts measure 0 x 0 and recharts says so; the figures are what we check.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsPanel />);
    const stats = await screen.findAllByTestId('analytics-stat', {}, { timeout: 5000 });
    expect(stats.map((stat) => stat.textContent)).toEqual([
      'Total users1,284+37 new users',
      'Active sessions424.2 min average session',
      'Page views15,23031.3% bounce rate',
      'Revenue₹3,90,993 INR$45,678.90 USD127 new orders',
    ]);

    const pages = screen.getByRole('table', { name: 'Top pages' });
    expect(within(pages).getByText('/marketplace')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Device types' })).getByText('71.4%')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(screen.getByText('Failed logins').nextSibling).toHaveTextContent('41');
    expect(screen.getByText('Repeated failed sign-ins from 203.0.113.9')).toBeInTheDocument();
    expect(screen.getByText('critical')).toHaveClass('text-red-400');

    await user.click(screen.getByRole('tab', { name: 'Business' }));
    const revenue = within(screen.getByRole('table', { name: 'Revenue by currency' }));
    expect(revenue.getByText('₹3,90,993 INR').closest('tr')).toHaveTextContent('INR₹3,90,993 INR1 payment');
    expect(revenue.getByText('$45,678.90 USD').closest('tr')).toHaveTextContent(
      'USD$45,678.90 USD52 payments',
    );
    expect(screen.getByText('Investigation requests').nextSibling).toHaveTextContent('18');
    expect(
      within(screen.getByRole('list', { name: 'Tier distribution' })).getByText('Director'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Search' }));
    expect(screen.getByText('Average results per query').nextSibling).toHaveTextContent('6.4');
    expect(within(screen.getByRole('table', { name: 'Top queries' })).getByText('64.5%')).toBeInTheDocument();
    expect(screen.getByText('drone jammer')).toBeInTheDocument();
  });

  it('says who may see it when the server refuses', async () => {
    mockFetch(() => ({
      status: 403,
      json: { message: 'Tier 4 required', code: 'TIER_REQUIRED', requiredTier: 4 },
    }));
    renderWithProviders(<AnalyticsPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Analytics access requires Tier 4 clearance or higher.',
    );
  });
});
