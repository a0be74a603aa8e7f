import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NotificationPreferences } from '@contract/notifications';
import { NotificationPreferencesCard } from '@/features/notifications/components/notification-preferences-card';
import { mockFetch, type MockReply } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const PATH = '/api/notification-preferences';
const stored: NotificationPreferences = {
  email: {
    case_update: true,
    payment_received: false,
    tier_upgrade: true,
    security_alert: true,
    other: true,
  },
};

/** Preferences held like the API holds them: a PUT stores the body, with security alerts forced on. */
function servePreferences(initial: NotificationPreferences, onPut?: () => MockReply | undefined) {
  let current = initial;
  return mockFetch(({ url, method, body }) => {
    if (url !== PATH) return undefined;
    if (method === 'GET') return { json: current };
    if (method === 'PUT') {
      const failure = onPut?.();
      if (failure) return failure;
      const sent = body as NotificationPreferences;
      current = { email: { ...sent.email, security_alert: true } };
      return { json: current };
    }
    return undefined;
  });
}

function putCalls(fetchMock: ReturnType<typeof servePreferences>) {
  return fetchMock.mock.calls.filter(([url, init]) => url === PATH && init?.method === 'PUT');
}

async function renderCard({ emailVerified = true } = {}) {
  const user = userEvent.setup();
  const rendered = renderWithProviders(
    <NotificationPreferencesCard email="agent@example.com" emailVerified={emailVerified} />,
  );
  const form = await screen.findByRole('form', { name: 'Notification preferences' });
  return { user, form, ...rendered };
}

describe('Settings > Preferences, notification e-mail', () => {
  it('lists every type in order, with its label, description and stored choice', async () => {
    servePreferences(stored);
    const { form } = await renderCard();
    const rows = within(form).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getAllByRole('paragraph')[0]?.textContent)).toEqual([
      'Cases and investigations',
      'Payments and receipts',
      'Access tier and subscription',
      'Security alerts',
      'Everything else',
    ]);
    expect(
      within(rows[0]!).getByText('Updates on your cases and status changes of your investigations'),
    ).toBeInTheDocument();
    const cases = within(form).getByRole('switch', { name: 'E-mail for cases and investigations' });
    expect(cases).toBeChecked();
    expect(within(rows[0]!).getByText('In-app and e-mail')).toBeInTheDocument();
    expect(within(form).getByRole('switch', { name: 'E-mail for payments and receipts' })).not.toBeChecked();
    expect(within(rows[1]!).getByText('In-app only')).toBeInTheDocument();
  });

  it('shows security alerts as always e-mailed, and cannot turn them off', async () => {
    servePreferences({ email: { ...stored.email, security_alert: false } });
    const { form } = await renderCard();
    const security = within(form).getByRole('switch', { name: 'E-mail for security alerts' });
    expect(security).toBeChecked();
    expect(security).toBeDisabled();
    expect(within(form).getByText('Always e-mailed')).toBeInTheDocument();
  });

  it('saves the choices with a PUT of the whole shape, security alerts always true', async () => {
    const fetchMock = servePreferences({ email: { ...stored.email, security_alert: false } });
    const { user, form } = await renderCard();
    await user.click(within(form).getByRole('switch', { name: 'E-mail for cases and investigations' }));
    await user.click(within(form).getByRole('switch', { name: 'E-mail for payments and receipts' }));
    await user.click(within(form).getByRole('switch', { name: 'E-mail for security alerts' }));
    await user.click(within(form).getByRole('button', { name: 'Save preferences' }));

    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
    expect(putCalls(fetchMock)).toHaveLength(1);
    expect(JSON.parse(String(putCalls(fetchMock)[0]?.[1]?.body))).toEqual({
      email: {
        case_update: false,
        payment_received: true,
        tier_upgrade: true,
        security_alert: true,
        other: true,
      },
    });
    expect(
      within(form).getByRole('switch', { name: 'E-mail for cases and investigations' }),
    ).not.toBeChecked();
    expect(within(form).getByRole('switch', { name: 'E-mail for payments and receipts' })).toBeChecked();
  });

  it('says e-mail waits for a verified address, but only when it is unverified', async () => {
    servePreferences(stored);
    const { unmount } = await renderCard({ emailVerified: false });
    expect(
      screen.getByText(
        'Your address is not verified yet: e-mail goes out only once it is, except security alerts. Open the link we sent you to verify it.',
      ),
    ).toBeInTheDocument();
    unmount();
    await renderCard({ emailVerified: true });
    expect(screen.queryByText(/Your address is not verified yet/)).not.toBeInTheDocument();
  });

  it('keeps the choices and says so when saving fails', async () => {
    servePreferences(stored, () => ({ status: 500, statusText: 'Internal Server Error' }));
    const { user, form } = await renderCard();
    await user.click(within(form).getByRole('switch', { name: 'E-mail for cases and investigations' }));
    await user.click(within(form).getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Failed to save preferences.')).toBeInTheDocument();
    expect(
      within(form).getByRole('switch', { name: 'E-mail for cases and investigations' }),
    ).not.toBeChecked();
  });

  it('offers to try again when the preferences cannot be loaded', async () => {
    let fail = true;
    mockFetch(({ url }) => {
      if (url !== PATH) return undefined;
      return fail ? { status: 500, statusText: 'Internal Server Error' } : { json: stored };
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationPreferencesCard email="agent@example.com" emailVerified />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your preferences.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('form', { name: 'Notification preferences' })).toBeInTheDocument(),
    );
  });
});
