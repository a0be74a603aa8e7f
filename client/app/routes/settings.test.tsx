import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@contract/auth';
import { SettingsRoute } from '@/app/routes/settings';
import { mockFetch, testUser, UNAUTHENTICATED } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function signedIn(user: User = testUser) {
  return mockFetch(({ url }) => (url === '/api/auth/user' ? { json: user } : undefined));
}

describe('/settings', () => {
  it('says it is loading, and asks a signed-out visitor to log in', async () => {
    mockFetch(() => new Promise(() => {}));
    const { unmount } = renderWithProviders(<SettingsRoute />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading settings...');
    unmount();

    mockFetch(() => UNAUTHENTICATED);
    renderWithProviders(<SettingsRoute />, { path: '/settings' });
    expect(await screen.findByText('Please log in to access settings.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?returnTo=%2Fsettings',
    );
  });

  it('opens on Security with the two-factor card and its status', async () => {
    signedIn();
    renderWithProviders(<SettingsRoute />);
    expect(await screen.findByRole('tab', { name: 'Security', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByTestId('mfa-status')).toHaveTextContent('Inactive');
    expect(screen.getByRole('link', { name: /Manage/ })).toHaveAttribute('href', '/mobile');
  });

  it('shows the profile: id, email, tier and member-since date', async () => {
    signedIn();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SettingsRoute />, { path: '/settings' });
    await user.click(await screen.findByRole('tab', { name: 'Profile' }));
    const panel = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(within(panel).getByText('u_1')).toBeInTheDocument();
    expect(within(panel).getByText('agent@example.com')).toBeInTheDocument();
    expect(within(panel).getByText('TIER 2')).toBeInTheDocument();
    expect(within(panel).getByText('Operator')).toBeInTheDocument();
    expect(within(panel).getByText('Jan 15, 2026')).toBeInTheDocument();
    // The tab is kept in the address, so a reload or a link opens it again.
    expect(location.history.at(-1)).toBe('/settings?tab=profile');
  });

  it('disables Analytics below tier 4 and says why', async () => {
    const fetchMock = signedIn({ ...testUser, tier: 3, effectiveTier: 3 });
    renderWithProviders(<SettingsRoute />, { path: '/settings?tab=analytics' });
    expect(await screen.findByRole('tab', { name: 'Analytics' })).toBeDisabled();
    expect(screen.getByText('Analytics access requires Tier 4 clearance or higher.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/analytics/dashboard')).toBe(false);
  });

  it('opens the analytics dashboard for a Director', async () => {
    mockFetch(({ url }) => {
      if (url === '/api/auth/user') return { json: { ...testUser, tier: 4, effectiveTier: 4 } };
      if (url === '/api/analytics/dashboard') return new Promise(() => {});
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SettingsRoute />);
    const tab = await screen.findByRole('tab', { name: 'Analytics' });
    expect(tab).toBeEnabled();
    await user.click(tab);
    expect(screen.getAllByTestId('analytics-placeholder')).toHaveLength(8);
  });

  it('opens the tab a mail link names: ?tab=preferences', async () => {
    mockFetch(({ url }) => {
      if (url === '/api/auth/user') return { json: { ...testUser, emailVerified: false } };
      if (url === '/api/notification-preferences') {
        return {
          json: {
            email: {
              case_update: true,
              payment_received: true,
              tier_upgrade: false,
              security_alert: true,
              other: true,
            },
          },
        };
      }
      return undefined;
    });
    renderWithProviders(<SettingsRoute />, { path: '/settings?tab=preferences' });
    expect(await screen.findByRole('tab', { name: 'Preferences', selected: true })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'Preferences' });
    expect(
      await within(panel).findByRole('switch', { name: 'E-mail for access tier and subscription' }),
    ).not.toBeChecked();
    expect(within(panel).getByText(/Your address is not verified yet/)).toBeInTheDocument();
    expect(screen.queryByText(/coming soon in Phase 2/)).not.toBeInTheDocument();
  });

  it('opens the tab the export notification names: ?tab=privacy, with the download and deletion cards', async () => {
    mockFetch(({ url }) => {
      if (url === '/api/auth/user') return { json: testUser };
      if (url === '/api/account/exports') return { json: [] };
      return undefined;
    });
    renderWithProviders(<SettingsRoute />, { path: '/settings?tab=privacy' });
    expect(await screen.findByRole('tab', { name: 'Privacy', selected: true })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'Privacy' });
    expect(within(panel).getByText('Download my data')).toBeInTheDocument();
    expect(await within(panel).findByRole('button', { name: 'Export my data' })).toBeEnabled();
    expect(within(panel).getByRole('button', { name: /Delete my account/ })).toBeInTheDocument();
  });

  it('opens the tab a mail link names: ?tab=security, with the password and address cards', async () => {
    signedIn();
    renderWithProviders(<SettingsRoute />, { path: '/settings?tab=security' });
    expect(await screen.findByRole('tab', { name: 'Security', selected: true })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'Security' });
    expect(within(panel).getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(within(panel).getByRole('form', { name: 'Change password' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Change e-mail address' })).toBeInTheDocument();
    expect(within(panel).getByRole('form', { name: 'Change e-mail address' })).toBeInTheDocument();
  });
});
