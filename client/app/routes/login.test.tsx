import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRouter } from '@/app/router';
import { mockFetch, testUser, UNAUTHENTICATED, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

/** A signed-out visitor; `api` answers the auth calls. */
function serve(api: (request: MockRequest) => MockReply | undefined = () => undefined) {
  return mockFetch((request) => (request.url === '/api/auth/user' ? UNAUTHENTICATED : api(request)));
}

async function openLogin(path = '/login') {
  const user = userEvent.setup();
  const rendered = renderWithProviders(<AppRouter />, { path });
  const form = await screen.findByRole('form', { name: 'Sign in' });
  return { user, form, ...rendered };
}

async function fillSignIn(
  user: ReturnType<typeof userEvent.setup>,
  form: HTMLElement,
  email: string,
  password: string,
) {
  await user.type(within(form).getByLabelText('Email'), email);
  await user.type(within(form).getByLabelText('Password'), password);
  await user.click(within(form).getByRole('button', { name: 'Sign in' }));
}

async function openRegister(path = '/login') {
  const rendered = await openLogin(path);
  await rendered.user.click(screen.getByRole('tab', { name: 'Create account' }));
  const form = screen.getByRole('form', { name: 'Create account' });
  return { ...rendered, form };
}

describe('/login, sign in', () => {
  it('shows the schema messages under the fields', async () => {
    const fetchMock = serve();
    const { user, form } = await openLogin();
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));
    expect(await within(form).findAllByText('Required')).toHaveLength(1);
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));
    expect(await within(form).findByText('Invalid email')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([url]) => url !== '/api/auth/user')).toHaveLength(0);
  });

  it('says "Invalid email or password" on a 401', async () => {
    serve(({ url }) =>
      url === '/api/auth/login'
        ? { status: 401, json: { message: 'Unauthorized', code: 'UNAUTHENTICATED' } }
        : undefined,
    );
    const { user, form } = await openLogin();
    await fillSignIn(user, form, 'agent@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('says "Too many attempts" on a 429', async () => {
    serve(({ url }) =>
      url === '/api/auth/login'
        ? { status: 429, json: { message: 'Slow down', code: 'RATE_LIMITED' } }
        : undefined,
    );
    const { user, form } = await openLogin();
    await fillSignIn(user, form, 'agent@example.com', 'whatever-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again later.');
  });

  it('signs in, posts the credentials and goes to a safe returnTo', async () => {
    const fetchMock = serve(({ url }) => (url === '/api/auth/login' ? { json: testUser } : undefined));
    const { user, form, location } = await openLogin('/login?returnTo=%2Fdashboard');
    await fillSignIn(user, form, '  Agent@Example.com ', 'correct horse');
    await waitFor(() => expect(location.history.at(-1)).toBe('/dashboard'));
    const loginCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/login');
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({
      email: 'agent@example.com',
      password: 'correct horse',
    });
    expect(await screen.findByRole('heading', { name: 'Mission Control' })).toBeInTheDocument();
    // The site's top bar (the dashboard's own page header comes after it).
    expect(within(screen.getAllByRole('banner')[0]!).getByText('TIER 2')).toBeInTheDocument();
  });

  it('ignores a returnTo that leaves the site', async () => {
    serve(({ url }) => (url === '/api/auth/login' ? { json: testUser } : undefined));
    const { user, form, location } = await openLogin('/login?returnTo=%2F%2Fevil.example');
    await fillSignIn(user, form, 'agent@example.com', 'correct horse');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dana Reyes' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/');
  });

  it('asks for the two-factor code when the account needs it', async () => {
    const fetchMock = serve(({ url, body }) => {
      if (url === '/api/auth/login') return { json: { mfaRequired: true } };
      if (url === '/api/auth/login/mfa') {
        return (body as { code: string }).code === '123456'
          ? { json: testUser }
          : { status: 401, json: { message: 'Invalid code', code: 'UNAUTHENTICATED' } };
      }
      return undefined;
    });
    const { user, form, location } = await openLogin();
    await fillSignIn(user, form, 'agent@example.com', 'correct horse');

    const code = await screen.findByLabelText('Authentication code');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(code).toHaveAttribute('maxLength', '6');
    await user.type(code, '12a345');
    expect(code).toHaveValue('12345');
    expect(verify).toBeDisabled();

    await user.type(code, '9');
    expect(verify).toBeEnabled();
    await user.click(verify);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired code');
    expect(code).toHaveAccessibleDescription('Invalid or expired code');

    await user.type(code, '1234567');
    expect(code).toHaveValue('123456');
    await user.click(verify);
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dana Reyes' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/login/mfa')).toHaveLength(2);
  });

  it('sends a signed-in visitor home', async () => {
    mockFetch(({ url }) => (url === '/api/auth/user' ? { json: testUser } : undefined));
    const { location } = renderWithProviders(<AppRouter />, { path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dana Reyes' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/');
  });
});

describe('/login, create account', () => {
  it('shows the minimum password length message for a short password', async () => {
    const fetchMock = serve();
    const { user, form } = await openRegister();
    await user.type(within(form).getByLabelText('Email'), 'new@example.com');
    await user.type(within(form).getByLabelText('Password'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(await within(form).findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/register')).toHaveLength(0);
  });

  it('says the email is taken on a 409', async () => {
    serve(({ url }) =>
      url === '/api/auth/register'
        ? { status: 409, json: { message: 'Conflict', code: 'CONFLICT' } }
        : undefined,
    );
    const { user, form } = await openRegister();
    await user.type(within(form).getByLabelText('Email'), 'taken@example.com');
    await user.type(within(form).getByLabelText('Password'), 'long enough');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(await within(form).findByText('An account with this email already exists')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it("puts the server's 400 issues under their fields", async () => {
    serve(({ url }) =>
      url === '/api/auth/register'
        ? {
            status: 400,
            json: {
              message: 'Validation failed',
              code: 'VALIDATION_FAILED',
              issues: [
                { path: 'firstName', message: 'Must be at most 100 characters' },
                { path: 'captcha', message: 'Something else' },
              ],
            },
          }
        : undefined,
    );
    const { user, form } = await openRegister();
    await user.type(within(form).getByLabelText('Email'), 'new@example.com');
    await user.type(within(form).getByLabelText('Password'), 'long enough');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(await within(form).findByText('Must be at most 100 characters')).toBeInTheDocument();
    expect(within(form).getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('alert')).toHaveTextContent('Something else');
  });

  it('creates the account, leaves out empty names and signs the user in', async () => {
    const fetchMock = serve(({ url }) =>
      url === '/api/auth/register'
        ? { status: 201, json: { ...testUser, tier: 1, effectiveTier: 1, lastName: null } }
        : undefined,
    );
    const { user, form } = await openRegister();
    await user.type(within(form).getByLabelText('First name'), 'Dana');
    await user.type(within(form).getByLabelText('Email'), 'dana@example.com');
    await user.type(within(form).getByLabelText('Password'), 'long enough');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    // A new account is welcomed, not welcomed back: the toast and the home page's heading.
    expect(await screen.findByRole('heading', { name: 'Welcome, Dana' })).toBeInTheDocument();
    expect(screen.getByText('Welcome to Intel Portal')).toBeInTheDocument();
    expect(screen.queryByText(/welcome back/i)).not.toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/register');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      email: 'dana@example.com',
      password: 'long enough',
      firstName: 'Dana',
    });
  });
});
