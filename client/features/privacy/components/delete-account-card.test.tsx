import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DeleteAccountCard } from '@/features/privacy/components/delete-account-card';
import { userQueryKey } from '@/lib/auth';
import { mockFetch, testUser, type MockReply } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const SCHEDULED_FOR = '2026-12-01T09:30:00.000Z';

function serve(answer: MockReply, user = testUser, graceDays = 7) {
  return mockFetch(({ url, method }) => {
    if (url === '/api/auth/user') return { json: user };
    if (url === '/api/account/deletion') return { json: { graceDays } };
    if (url === '/api/account/delete' && method === 'POST') return answer;
    return undefined;
  });
}

function deleteCalls(fetchMock: ReturnType<typeof serve>) {
  return fetchMock.mock.calls
    .filter(([url]) => url === '/api/account/delete')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
  const form = await screen.findByRole('form', { name: 'Delete my account' });
  return { user, form };
}

describe('Settings > Privacy, delete my account', () => {
  it("says when (the server's grace), what becomes of a subscription, and what is erased, deleted and kept", async () => {
    serve({ status: 202, json: { scheduledFor: SCHEDULED_FOR } });
    renderWithProviders(<DeleteAccountCard />, { path: '/settings' });
    expect(
      await screen.findByText(
        /The deletion is carried out 7 days after your request; signing in before then cancels it/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/It is not refunded\..*it stops renewing: nothing more is charged/),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'What is erased' })).toHaveTextContent(/phone numbers/);
    expect(screen.getByRole('list', { name: 'What is deleted' })).toHaveTextContent(
      /evidence files you uploaded/,
    );
    expect(screen.getByRole('list', { name: 'What is kept' })).toHaveTextContent(
      /Orders, payments, invoices/,
    );
  });

  it('says "within a minute" on a server without a grace period', async () => {
    serve({ status: 202, json: { scheduledFor: SCHEDULED_FOR } }, testUser, 0);
    renderWithProviders(<DeleteAccountCard />, { path: '/settings' });
    expect(
      await screen.findByText(/The deletion is carried out within a minute of your request\./),
    ).toBeInTheDocument();
  });

  it('sends the password, says when the account goes, signs out in the app and goes home', async () => {
    const fetchMock = serve({ status: 202, json: { scheduledFor: SCHEDULED_FOR } });
    const { queryClient, location } = renderWithProviders(<DeleteAccountCard />, { path: '/settings' });
    const { user, form } = await openDialog();
    // Without 2FA there is no code to give.
    expect(within(form).queryByLabelText('Authentication or backup code')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Password'), 'my passphrase');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('Account scheduled for deletion')).toBeInTheDocument();
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(SCHEDULED_FOR),
    );
    expect(
      screen.getByText(
        `Your account will be deleted on ${when}. Signing in before then cancels the deletion.`,
      ),
    ).toBeInTheDocument();
    expect(deleteCalls(fetchMock)).toEqual([{ password: 'my passphrase' }]);
    expect(queryClient.getQueryData(userQueryKey)).toBeNull();
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('puts a wrong password under the password and stays signed in', async () => {
    serve({
      status: 400,
      json: {
        message: 'Password is incorrect',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'password', message: 'Password is incorrect' }],
      },
    });
    const { queryClient, location } = renderWithProviders(<DeleteAccountCard />, { path: '/settings' });
    const { user, form } = await openDialog();
    await user.type(within(form).getByLabelText('Password'), 'not it');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));

    expect(await within(form).findByText('Password is incorrect')).toBeInTheDocument();
    expect(within(form).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Account scheduled for deletion')).not.toBeInTheDocument();
    expect(queryClient.getQueryData(userQueryKey)).toEqual(testUser);
    expect(location.history.at(-1)).toBe('/settings');
  });

  it('with 2FA on asks for a code, before sending and from the server', async () => {
    const fetchMock = serve(
      {
        status: 400,
        json: {
          message: 'Invalid verification code',
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'code', message: 'Invalid verification code' }],
        },
      },
      { ...testUser, mfaEnabled: true },
    );
    renderWithProviders(<DeleteAccountCard />, { path: '/settings' });
    const { user, form } = await openDialog();
    await user.type(within(form).getByLabelText('Password'), 'my passphrase');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(await within(form).findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(deleteCalls(fetchMock)).toHaveLength(0);

    await user.type(within(form).getByLabelText('Authentication or backup code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(await within(form).findByText('Invalid verification code')).toBeInTheDocument();
    expect(deleteCalls(fetchMock)).toEqual([{ password: 'my passphrase', code: '123456' }]);
  });

  it('says to try later after too many attempts (429)', async () => {
    serve({ status: 429, json: { message: 'Too many requests. Try again later.', code: 'RATE_LIMITED' } });
    renderWithProviders(<DeleteAccountCard />, { path: '/settings' });
    const { user, form } = await openDialog();
    await user.type(within(form).getByLabelText('Password'), 'guess');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many requests. Try again later.');
  });
});
