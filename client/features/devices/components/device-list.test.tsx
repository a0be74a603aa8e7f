import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Device } from '@contract/devices';
import { DeviceList } from '@/features/devices/components/device-list';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function makeDevice(overrides: Partial<Device>): Device {
  return {
    id: 'd1',
    platform: 'Linux',
    browser: 'Chrome',
    lastActive: new Date(Date.now() - 60 * 60_000).toISOString(),
    isActive: true,
    current: false,
    createdAt: '2026-02-01T09:00:00.000Z',
    ...overrides,
  };
}

function serveDevices(initial: Device[]) {
  let devices = initial;
  return mockFetch((request) => {
    if (request.method === 'GET' && request.url === '/api/mobile/devices') return { json: devices };
    const id = request.url.match(/^\/api\/mobile\/devices\/(.+)$/)?.[1];
    if (request.method === 'DELETE' && id) {
      devices = devices.filter((device) => device.id !== id);
      return { status: 204 };
    }
    return undefined;
  });
}

describe('mobile devices', () => {
  it('lists this device first, with platform, browser, last activity and status', async () => {
    serveDevices([
      makeDevice({ id: 'phone', platform: 'iOS', browser: 'Safari', isActive: false }),
      makeDevice({ id: 'laptop', current: true }),
    ]);
    renderWithProviders(<DeviceList onCurrentDeviceSignedOut={() => {}} />);
    const [first, second] = await screen.findAllByTestId('device');
    expect(first).toHaveTextContent('Linux · Chrome');
    expect(within(first!).getByText('This device')).toBeInTheDocument();
    expect(within(first!).getByText('Active')).toBeInTheDocument();
    expect(within(first!).getByText('1 hour ago')).toBeInTheDocument();
    expect(second).toHaveTextContent('iOS · Safari');
    expect(within(second!).getByText('Inactive')).toBeInTheDocument();
    expect(within(second!).queryByText('This device')).not.toBeInTheDocument();
  });

  it('signs another device out at once', async () => {
    const fetchMock = serveDevices([
      makeDevice({ id: 'laptop', current: true }),
      makeDevice({ id: 'phone', platform: 'Android', browser: 'Chrome' }),
    ]);
    const onSignedOut = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<DeviceList onCurrentDeviceSignedOut={onSignedOut} />);
    await user.click(await screen.findByRole('button', { name: 'Sign out Android · Chrome' }));
    expect(await screen.findByText('Device signed out')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/mobile/devices/phone',
      expect.objectContaining({ method: 'DELETE' }),
    );
    await waitFor(() => expect(screen.getAllByTestId('device')).toHaveLength(1));
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('asks before signing this device out, then reports it', async () => {
    const fetchMock = serveDevices([makeDevice({ id: 'laptop', current: true })]);
    const onSignedOut = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<DeviceList onCurrentDeviceSignedOut={onSignedOut} />);
    await user.click(await screen.findByRole('button', { name: 'Sign out Linux · Chrome (this device)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Sign out Linux · Chrome (this device)' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sign out this device?' })).getByRole('button', {
        name: 'Sign out',
      }),
    );
    await waitFor(() => expect(onSignedOut).toHaveBeenCalledOnce());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/mobile/devices/laptop',
      expect.objectContaining({ method: 'DELETE' }),
    );
    // No list is read again for a browser that is now signed out.
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/mobile/devices')).toHaveLength(1);
  });
});
