import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Device } from '@contract/devices';
import { AppRouter } from '@/app/router';
import { mockFetch, testUser, UNAUTHENTICATED } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const thisDevice: Device = {
  id: 'laptop',
  platform: 'Linux',
  browser: 'Chrome',
  lastActive: new Date().toISOString(),
  isActive: true,
  current: true,
  createdAt: '2026-02-01T09:00:00.000Z',
};

// The route is lazy: its first load here compiles every tab's modules, which takes seconds on a busy machine.
const FIRST_LOAD_TIMEOUT = 10_000;

describe('/mobile', () => {
  it(
    'has the four tabs',
    async () => {
      mockFetch(({ url }) => {
        if (url === '/api/auth/user') return { json: testUser };
        if (url === '/api/mobile/devices') return { json: [thisDevice] };
        if (url === '/api/integrations') return { json: [] };
        return undefined;
      });
      const user = userEvent.setup();
      renderWithProviders(<AppRouter />, { path: '/mobile' });
      const tabs = await screen.findByRole('tablist', {}, { timeout: FIRST_LOAD_TIMEOUT });
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['Mobile Devices', 'API Keys', 'Integrations', 'QR Codes']);
      expect(await screen.findByText('This device')).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Integrations' }));
      expect(
        await within(screen.getByRole('tabpanel')).findByText('No integrations yet'),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'QR Codes' }));
      expect(
        within(screen.getByRole('tabpanel')).getByRole('heading', { name: 'QR Codes' }),
      ).toBeInTheDocument();
    },
    2 * FIRST_LOAD_TIMEOUT,
  );

  it('shows the visitor as signed out after signing this device out', async () => {
    let signedIn = true;
    mockFetch(({ url, method }) => {
      if (url === '/api/auth/user') return signedIn ? { json: testUser } : UNAUTHENTICATED;
      if (url === '/api/mobile/devices') return { json: [thisDevice] };
      if (method === 'DELETE' && url === '/api/mobile/devices/laptop') {
        signedIn = false;
        return { status: 204 };
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { location, queryClient } = renderWithProviders(<AppRouter />, { path: '/mobile' });
    await user.click(await screen.findByRole('button', { name: /Sign out Linux · Chrome/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    await user.click(within(confirm).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('link', { name: 'Access Digital Services' })).toBeInTheDocument();
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(screen.queryByText('TIER 2')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Request Access' }).length).toBeGreaterThan(0);
    // Nothing of the signed-out account stays cached for whoever signs in next.
    expect(queryClient.getQueryData(['/api/mobile/devices'])).toBeUndefined();
  });
});
