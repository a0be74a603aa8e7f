import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRouter } from '@/app/router';
import { mockFetch, UNAUTHENTICATED, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const NEUTRAL =
  'If an account exists for that address, we have sent a link to reset its password. The link works for 30 minutes.';

/** A signed-out visitor; `api` answers the other calls. */
function serve(api: (request: MockRequest) => MockReply | undefined = () => undefined) {
  return mockFetch((request) => (request.url === '/api/auth/user' ? UNAUTHENTICATED : api(request)));
}

function resetCalls(fetchMock: ReturnType<typeof serve>) {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/auth/password-reset');
}

async function openPage() {
  const user = userEvent.setup();
  const rendered = renderWithProviders(<AppRouter />, { path: '/forgot-password' });
  const form = await screen.findByRole('form', { name: 'Reset your password' }, { timeout: 5000 });
  return { user, form, ...rendered };
}

async function ask(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, email: string) {
  await user.type(within(form).getByLabelText('Email'), email);
  await user.click(within(form).getByRole('button', { name: 'Send reset link' }));
}

describe('/forgot-password', () => {
  it('is linked from the sign-in form, and links back to it', async () => {
    serve();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<AppRouter />, { path: '/login' });
    const signIn = await screen.findByRole('form', { name: 'Sign in' }, { timeout: 5000 });
    await user.click(within(signIn).getByRole('link', { name: 'Forgot your password?' }));
    expect(location.history.at(-1)).toBe('/forgot-password');
    const form = await screen.findByRole('form', { name: 'Reset your password' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('checks the address before sending anything', async () => {
    const fetchMock = serve();
    const { user, form } = await openPage();
    await user.click(within(form).getByRole('button', { name: 'Send reset link' }));
    expect(await within(form).findByText('Invalid email')).toBeInTheDocument();
    await ask(user, form, 'not-an-address');
    expect(within(form).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(resetCalls(fetchMock)).toHaveLength(0);
  });

  it('posts the address and answers with the same neutral words whether or not it has an account', async () => {
    const fetchMock = serve(({ url }) =>
      url === '/api/auth/password-reset' ? { status: 202, json: {} } : undefined,
    );
    const { user, form } = await openPage();
    await ask(user, form, '  Agent@Example.com ');
    // Announced as a status, in exactly these words.
    expect((await screen.findByText(NEUTRAL)).closest('[role="status"]')).not.toBeNull();
    expect(resetCalls(fetchMock)).toHaveLength(1);
    expect(JSON.parse(String(resetCalls(fetchMock)[0]?.[1]?.body))).toEqual({ email: 'agent@example.com' });
    expect(screen.queryByRole('form', { name: 'Reset your password' })).not.toBeInTheDocument();

    // Another address, one with no account: the page says exactly the same.
    await user.click(screen.getByRole('button', { name: 'Send another link' }));
    await ask(user, screen.getByRole('form', { name: 'Reset your password' }), 'nobody@example.com');
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
    expect(JSON.parse(String(resetCalls(fetchMock)[1]?.[1]?.body))).toEqual({ email: 'nobody@example.com' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('says so plainly when asked too often (429), and stays on the form', async () => {
    serve(({ url }) =>
      url === '/api/auth/password-reset'
        ? {
            status: 429,
            headers: { 'Retry-After': '60' },
            json: { message: 'Rate limit exceeded, retry in 1 minute', code: 'RATE_LIMITED' },
          }
        : undefined,
    );
    const { user, form } = await openPage();
    await ask(user, form, 'agent@example.com');
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many requests. Try again later.');
    expect(screen.queryByText(NEUTRAL)).not.toBeInTheDocument();
  });
});
