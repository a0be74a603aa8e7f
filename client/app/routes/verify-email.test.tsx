import { StrictMode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@contract/auth';
import { AppRouter } from '@/app/router';
import { mockFetch, testUser, UNAUTHENTICATED, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const TOKEN = 'Vf8s2kLq_9dXw3NcRt6yBz1mJh4pGa7eUo0iKn5lQsM';
const INVALID = 'This link is invalid or has expired. Ask for a new one.';
const unverified: User = { ...testUser, emailVerified: false };

function callsTo(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls.filter(([url]) => url === path);
}

/** `user` is who /api/auth/user answers with (null: signed out); `api` answers the other calls. */
function serve(user: () => User | null, api: (request: MockRequest) => MockReply | undefined) {
  return mockFetch((request) => {
    if (request.url === '/api/auth/user') {
      const current = user();
      return current ? { json: current } : UNAUTHENTICATED;
    }
    return api(request);
  });
}

function refused(): MockReply {
  return { status: 400, json: { message: INVALID, code: 'TOKEN_INVALID' } };
}

/** Rendered in StrictMode, as main.tsx does, where effects run twice on mount. */
function openPage(path = `/verify-email?token=${TOKEN}`) {
  return renderWithProviders(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
    { path },
  );
}

describe('/verify-email', () => {
  it('posts the token exactly once and says the address is verified (signed out)', async () => {
    const fetchMock = serve(
      () => null,
      ({ url }) => (url === '/api/auth/verify-email' ? { json: {} } : undefined),
    );
    openPage();
    expect(
      await screen.findByText('Your e-mail address is verified.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    const calls = callsTo(fetchMock, '/api/auth/verify-email');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ token: TOKEN });
  });

  it('reads the signed-in user again, so the unverified banner goes away', async () => {
    let verified = false;
    const fetchMock = serve(
      () => ({ ...testUser, emailVerified: verified }),
      ({ url }) => {
        if (url !== '/api/auth/verify-email') return undefined;
        verified = true;
        return { json: {} };
      },
    );
    openPage();
    expect(
      await screen.findByText('Your e-mail address is verified.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, '/api/auth/user').length).toBeGreaterThanOrEqual(2);
    expect(callsTo(fetchMock, '/api/auth/verify-email')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
  });

  it('offers a signed-in, unverified user a new link when this one is refused', async () => {
    const fetchMock = serve(
      () => unverified,
      ({ url }) => {
        if (url === '/api/auth/verify-email') return refused();
        if (url === '/api/auth/verify-email/resend') return { status: 202, json: {} };
        return undefined;
      },
    );
    const user = userEvent.setup();
    openPage();
    expect(await screen.findByText(INVALID, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/verify-email')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText('Verification link sent')).toBeInTheDocument();
    expect(screen.getByText('We sent a new link to agent@example.com.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/verify-email/resend')).toHaveLength(1);
  });

  it('asks a signed-out visitor with a refused link to sign in first', async () => {
    serve(
      () => null,
      ({ url }) => (url === '/api/auth/verify-email' ? refused() : undefined),
    );
    openPage();
    expect(await screen.findByText(INVALID, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?returnTo=%2Fverify-email',
    );
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
  });

  it('treats a link without a token as invalid and posts nothing', async () => {
    const fetchMock = serve(
      () => unverified,
      () => undefined,
    );
    openPage('/verify-email');
    expect(await screen.findByText(INVALID, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/verify-email')).toHaveLength(0);
  });
});
