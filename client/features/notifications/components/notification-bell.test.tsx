import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '@contract/notifications';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { mockFetch, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

let counter = 0;
function makeNotification(overrides: Partial<Notification> = {}): Notification {
  counter += 1;
  return {
    id: `n${counter}`,
    type: 'security_alert',
    priority: 'normal',
    title: `Notification ${counter}`,
    message: 'Something happened on your account.',
    isRead: false,
    actionUrl: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** Notifications held in memory, served and marked read like the API does. */
function serveNotifications(
  initial: Notification[],
  api: (request: MockRequest) => MockReply | undefined = () => undefined,
) {
  let list = initial;
  return mockFetch((request) => {
    const answer = api(request);
    if (answer) return answer;
    if (request.method === 'GET' && request.url === '/api/notifications') return { json: list };
    if (request.method === 'PATCH' && request.url === '/api/notifications/read-all') {
      const updated = list.filter((notification) => !notification.isRead).length;
      list = list.map((notification) => ({ ...notification, isRead: true }));
      return { json: { updated } };
    }
    const id = request.url.match(/^\/api\/notifications\/(.+)\/read$/)?.[1];
    if (request.method === 'PATCH' && id) {
      list = list.map((notification) =>
        notification.id === id ? { ...notification, isRead: true } : notification,
      );
      return { status: 204 };
    }
    return undefined;
  });
}

async function openPanel(path = '/') {
  const user = userEvent.setup();
  const rendered = renderWithProviders(<NotificationBell />, { path });
  await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  return { user, panel, ...rendered };
}

describe('notification bell', () => {
  it('polls every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetchMock = serveNotifications([makeNotification()]);
      const polls = () =>
        fetchMock.mock.calls.filter(
          ([url, init]) => url === '/api/notifications' && (init?.method ?? 'GET') === 'GET',
        ).length;
      renderWithProviders(<NotificationBell />);
      await screen.findByRole('button', { name: 'Notifications, 1 unread' });
      expect(polls()).toBe(1);
      await vi.advanceTimersByTimeAsync(29_000);
      expect(polls()).toBe(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(polls()).toBe(2);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(polls()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the unread count, and 99+ above 99', async () => {
    serveNotifications([
      ...Array.from({ length: 100 }, () => makeNotification()),
      makeNotification({ isRead: true }),
    ]);
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 100 unread' });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('99+');
  });

  it('shows the exact count up to 99, and no badge when everything is read', async () => {
    serveNotifications([makeNotification(), makeNotification(), makeNotification({ isRead: true })]);
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('2');
  });

  it('says "No notifications yet" when there are none', async () => {
    serveNotifications([]);
    const { panel } = await openPanel();
    expect(await within(panel).findByText('No notifications yet')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
  });

  it('lists title, message, time and priority colour', async () => {
    serveNotifications([
      makeNotification({ title: 'Repeated failed sign-ins', priority: 'urgent' }),
      makeNotification({ title: 'New sign-in', priority: 'high' }),
      makeNotification({ title: 'API key created', priority: 'normal' }),
      makeNotification({ title: 'Weekly digest', priority: 'low', isRead: true }),
    ]);
    const { panel } = await openPanel();
    const items = await within(panel).findAllByTestId('notification');
    expect(items.map((item) => item.dataset.priority)).toEqual(['urgent', 'high', 'normal', 'low']);
    expect(within(items[0]!).getByRole('button').className).toContain('border-l-red-500');
    expect(within(items[1]!).getByRole('button').className).toContain('border-l-orange-500');
    expect(within(items[2]!).getByRole('button').className).toContain('border-l-blue-500');
    expect(within(items[3]!).getByRole('button').className).toContain('border-l-slate-500');
    expect(within(items[0]!).getByText('Repeated failed sign-ins')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Something happened on your account.')).toBeInTheDocument();
    expect(within(items[0]!).getByText('5 minutes ago')).toBeInTheDocument();
  });

  it('marks a clicked notification read, follows its link and closes', async () => {
    const fetchMock = serveNotifications([
      makeNotification({ id: 'n-mfa', title: 'Two-factor authentication enabled', actionUrl: '/settings' }),
    ]);
    const { user, panel, location } = await openPanel('/marketplace');
    await user.click(await within(panel).findByRole('button', { name: /Two-factor authentication enabled/ }));

    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/notifications/n-mfa/read',
        expect.objectContaining({ method: 'PATCH', body: '{}' }),
      ),
    );
    expect(location.history.at(-1)).toBe('/settings');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
    // The list is read again: the badge goes away.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
  });

  it('does not mark an already read notification again, and stays put without a link', async () => {
    const fetchMock = serveNotifications([makeNotification({ title: 'Old news', isRead: true })]);
    const { user, panel, location } = await openPanel('/marketplace');
    await user.click(await within(panel).findByRole('button', { name: /Old news/ }));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(location.history).toEqual(['/marketplace']);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('marks all read with a toast, and the badge disappears', async () => {
    const fetchMock = serveNotifications([makeNotification(), makeNotification()]);
    const { user, panel } = await openPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(screen.getByText('All notifications marked as read')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/notifications/read-all',
      expect.objectContaining({ method: 'PATCH', body: '{}' }),
    );
    await waitFor(() => expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument());
  });

  it('closes with its close button and on a click outside', async () => {
    serveNotifications([]);
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Close notifications' }));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    await user.click(document.body);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
  });

  it('moves focus into the panel, and Escape closes it and gives focus back to the bell', async () => {
    serveNotifications([makeNotification({ title: 'New sign-in' })]);
    const { user, panel } = await openPanel();
    expect(panel).toHaveFocus();
    const bell = screen.getByRole('button', { name: /^Notifications/ });
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });
});
