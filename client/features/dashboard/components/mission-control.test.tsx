import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardSummary } from '@contract/dashboard';
import { MissionControl } from '@/features/dashboard/components/mission-control';
import { mockFetch, testUser, UNAUTHENTICATED } from '@/test/fetch-mock';
import { loginRedirect } from '@/test/login-redirect';
import { renderWithProviders } from '@/test/render';

vi.mock('@/lib/api-client', async (importOriginal) =>
  (await import('@/test/login-redirect')).recordLoginRedirects(await importOriginal()),
);

beforeEach(() => loginRedirect.mockClear());

const empty: DashboardSummary = {
  counts: { openCases: 0, investigations: 0, activeInvestigations: 0, orders: 0, inquiries: 0 },
  missions: [],
  recentActivity: [],
  recentOrders: [],
  overdueTasks: [],
};

const busy: DashboardSummary = {
  counts: { openCases: 2, investigations: 5, activeInvestigations: 3, orders: 1, inquiries: 4 },
  missions: [
    {
      kind: 'investigation',
      id: 'i1',
      title: 'Background check on a supplier',
      status: 'IN_PROGRESS',
      updatedAt: new Date().toISOString(),
    },
  ],
  recentActivity: [
    {
      id: 'a1',
      action: 'tier.changed',
      description: 'Tier changed to 2',
      createdAt: new Date().toISOString(),
    },
  ],
  recentOrders: [
    {
      id: 'o1',
      orderNumber: 'ORD-1001',
      status: 'paid',
      total: '125000.50',
      currency: 'INR',
      createdAt: new Date().toISOString(),
    },
  ],
  overdueTasks: [],
};

function renderDashboard(summary: DashboardSummary | null, tier = 2) {
  mockFetch(({ url }) => {
    if (url !== '/api/dashboard/summary') return undefined;
    return summary ? { json: summary } : UNAUTHENTICATED;
  });
  renderWithProviders(
    <MissionControl
      user={{ ...testUser, tier, effectiveTier: tier }}
      cartSummary={<p>cart slot</p>}
      upgradeAction={<button type="button">Upgrade Tier</button>}
    />,
  );
}

describe('Mission Control', () => {
  it.each([
    [1, 'ELEVATED', 'Basic'],
    [2, 'MAXIMUM', 'Operator'],
    [4, 'MAXIMUM', 'Director'],
  ])('tier %i reads security level %s', async (tier, level, name) => {
    renderDashboard(empty, tier);
    expect(await screen.findByTestId('security-level')).toHaveTextContent(`Security level: ${level}`);
    expect(screen.getByTestId('dashboard-tier')).toHaveTextContent(`TIER ${tier}`);
    expect(screen.getByText(`${name} clearance`)).toBeInTheDocument();
  });

  it('offers quick actions that are real links, the cart slot and the upgrade button', async () => {
    renderDashboard(empty);
    const actions = await screen.findByRole('list', { name: 'Quick actions' });
    const links = within(actions).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/investigations',
      '/cases',
      '/marketplace',
      '/secure-channel',
      '/settings',
    ]);
    expect(within(actions).getByRole('link', { name: /Request investigation/ })).toBeInTheDocument();
    expect(screen.getByText('cart slot')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade Tier' })).toBeInTheDocument();
  });

  it('offers Directors the audit trail among the quick actions', async () => {
    renderDashboard(empty, 4);
    const actions = await screen.findByRole('list', { name: 'Quick actions' });
    expect(within(actions).getByRole('link', { name: /Audit trail/ })).toHaveAttribute('href', '/audit');
  });

  it('shows an empty state for every list', async () => {
    renderDashboard(empty);
    expect(await screen.findByText('No recent activity')).toBeInTheDocument();
    expect(screen.getByText(/No active missions/)).toBeInTheDocument();
    expect(screen.getByText('No orders yet')).toBeInTheDocument();
  });

  it("shows the user's own figures, missions, activity and orders in their own currency", async () => {
    renderDashboard(busy);
    const figures = await screen.findByLabelText('Your figures');
    const cards = within(figures).getAllByTestId('stat-card');
    expect(cards.map((card) => card.querySelector('dd')?.textContent)).toEqual(['2', '5', '1', '4']);
    expect(within(figures).getByText('3 active')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Background check on a supplier' })).toHaveAttribute(
      'href',
      '/investigations',
    );
    expect(screen.getByText('IN PROGRESS')).toBeInTheDocument();
    expect(screen.getByText('Tier changed to 2')).toBeInTheDocument();
    const order = screen.getByTestId('recent-order');
    expect(within(order).getByText('ORD-1001')).toBeInTheDocument();
    expect(within(order).getByText('₹1,25,000.5')).toBeInTheDocument();
  });

  it("answers a lost session with 'Unauthorized' and sign-in after half a second", async () => {
    renderDashboard(null);
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(screen.getByText('Unauthorized')).toBeInTheDocument();
    await waitFor(() => expect(loginRedirect).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
    expect(screen.queryByRole('heading', { name: 'Mission Control' })).not.toBeInTheDocument();
  });
});
