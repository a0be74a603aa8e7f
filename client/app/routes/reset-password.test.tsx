import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRouter } from '@/app/router';
import { mockFetch, testUser, UNAUTHENTICATED, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const TOKEN = 'k3Jd9x_Qp2mVbT7wLr4sYz8nHc1aEf6gUo5iWq0tXyA';
const INVALID = 'This link is invalid or has expired. Ask for a new one.';

function confirmCalls(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/auth/password-reset/confirm');
}

/** A signed-out visitor; `api` answers the other calls. */
function serve(api: (request: MockRequest) => MockReply | undefined = () => undefined) {
  return mockFetch((request) => (request.url === '/api/auth/user' ? UNAUTHENTICATED : api(request)));
}

async function openPage(path = `/reset-password?token=${TOKEN}`) {
  const user = userEvent.setup();
  const rendered = renderWithProviders(<AppRouter />, { path });
  const form = await screen.findByRole('form', { name: 'Choose a new password' }, { timeout: 5000 });
  return { user, form, ...rendered };
}

async function choose(
  user: ReturnType<typeof userEvent.setup>,
  form: HTMLElement,
  password: string,
  confirmation = password,
) {
  await user.type(within(form).getByLabelText('New password'), password);
  await user.type(within(form).getByLabelText('Confirm new password'), confirmation);
  await user.click(within(form).getByRole('button', { name: 'Change password' }));
}

describe('/reset-password', () => {
  it('refuses two different passwords without asking the server', async () => {
    const fetchMock = serve();
    const { user, form } = await openPage();
    await choose(user, form, 'a new passphrase', 'a new passphrasf');
    expect(await within(form).findByText('Passwords do not match')).toBeInTheDocument();
    expect(within(form).getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(confirmCalls(fetchMock)).toHaveLength(0);
  });

  it('applies the password rules of the API before sending', async () => {
    const fetchMock = serve();
    const { user, form } = await openPage();
    await choose(user, form, 'short');
    expect(await within(form).findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(confirmCalls(fetchMock)).toHaveLength(0);
  });

  it('sets the new password, forgets the ended session and sends the user to sign in', async () => {
    // Signed in to the account in this browser until the reset ends every session.
    let sessionEnded = false;
    const fetchMock = mockFetch(({ url }) => {
      if (url === '/api/auth/user') return sessionEnded ? UNAUTHENTICATED : { json: testUser };
      if (url === '/api/auth/password-reset/confirm') {
        sessionEnded = true;
        return { json: {} };
      }
      return undefined;
    });
    const { user, form, queryClient, location } = await openPage();
    queryClient.setQueryData(['/api/cart'], [{ id: 1 }]);
    await choose(user, form, 'a new passphrase');

    expect(
      await screen.findByText('Your password was changed. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(confirmCalls(fetchMock)).toHaveLength(1);
    expect(JSON.parse(String(confirmCalls(fetchMock)[0]?.[1]?.body))).toEqual({
      token: TOKEN,
      password: 'a new passphrase',
    });
    // The app no longer thinks it is signed in, and keeps nothing read with the old session.
    expect(queryClient.getQueryData(['/api/auth/user'])).toBeNull();
    expect(queryClient.getQueryData(['/api/cart'])).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Request Access' })).toBeInTheDocument();

    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }));
    expect(location.history.at(-1)).toBe('/login');
    expect(await screen.findByRole('form', { name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows a refused link (TOKEN_INVALID) and offers to ask for a new one', async () => {
    serve(({ url }) =>
      url === '/api/auth/password-reset/confirm'
        ? { status: 400, json: { message: INVALID, code: 'TOKEN_INVALID' } }
        : undefined,
    );
    const { user, form } = await openPage();
    await choose(user, form, 'a new passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByRole('form', { name: 'Choose a new password' })).not.toBeInTheDocument();
  });

  it('puts a password the server refuses under the field', async () => {
    serve(({ url }) =>
      url === '/api/auth/password-reset/confirm'
        ? {
            status: 400,
            json: {
              message: 'Validation failed',
              code: 'VALIDATION_FAILED',
              issues: [{ path: 'password', message: 'Password must be at most 256 characters' }],
            },
          }
        : undefined,
    );
    const { user, form } = await openPage();
    await choose(user, form, 'a new passphrase');
    expect(await within(form).findByText('Password must be at most 256 characters')).toBeInTheDocument();
    expect(within(form).getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('treats a link without a token as invalid and sends nothing', async () => {
    const fetchMock = serve();
    renderWithProviders(<AppRouter />, { path: '/reset-password' });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByRole('form', { name: 'Choose a new password' })).not.toBeInTheDocument();
    await waitFor(() => expect(confirmCalls(fetchMock)).toHaveLength(0));
  });
});
