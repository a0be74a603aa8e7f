import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@contract/auth';
import { AppRouter } from '@/app/router';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { mockFetch, testUser, UNAUTHENTICATED, type MockReply } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const unverified: User = { ...testUser, emailVerified: false };
const BANNER_TEXT = 'Please verify your e-mail address agent@example.com. We sent you a link.';

function resendCalls(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/auth/verify-email/resend');
}

/** The banner alone, for an unverified user; `resend` answers the resend call. */
function renderBanner(resend: MockReply) {
  const fetchMock = mockFetch(({ url, method }) => {
    if (url === '/api/auth/user') return { json: unverified };
    if (url === '/api/auth/verify-email/resend' && method === 'POST') return resend;
    return undefined;
  });
  const user = userEvent.setup();
  const rendered = renderWithProviders(<VerifyEmailBanner user={unverified} />);
  const banner = screen.getByRole('region', { name: 'E-mail verification' });
  return { fetchMock, user, banner, ...rendered };
}

describe('unverified address banner', () => {
  it('shows under the top bar for a signed-in user whose address is unverified', async () => {
    mockFetch(({ url }) => (url === '/api/auth/user' ? { json: unverified } : undefined));
    renderWithProviders(<AppRouter />, { path: '/' });
    const banner = await screen.findByRole('region', { name: 'E-mail verification' });
    expect(banner).toHaveTextContent(BANNER_TEXT);
    expect(within(banner).getByRole('button', { name: 'Resend link' })).toBeInTheDocument();
    // After the site header, before the page.
    const header = screen.getAllByRole('banner')[0]!;
    expect(header.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      banner.compareDocumentPosition(screen.getByRole('main')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it.each([
    ['a verified user', { json: testUser }],
    ['a signed-out visitor', UNAUTHENTICATED],
  ] as const)('is not shown to %s', async (_who, answer) => {
    mockFetch(({ url }) => (url === '/api/auth/user' ? answer : undefined));
    renderWithProviders(<AppRouter />, { path: '/' });
    expect(await screen.findByRole('main')).toBeInTheDocument();
    expect(screen.queryByText(/Please verify your e-mail address/)).not.toBeInTheDocument();
  });

  it('sends a new link and says so', async () => {
    const { fetchMock, user, banner } = renderBanner({ status: 202, json: {} });
    await user.click(within(banner).getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('Verification link sent')).toBeInTheDocument();
    expect(resendCalls(fetchMock)).toHaveLength(1);
    expect(resendCalls(fetchMock)[0]?.[1]).toMatchObject({ method: 'POST', body: '{}' });
    expect(banner).toBeInTheDocument();
  });

  it('says to try later when asked too often (429)', async () => {
    const { user, banner } = renderBanner({
      status: 429,
      headers: { 'Retry-After': '600' },
      json: { message: 'Too many requests. Try again later.', code: 'RATE_LIMITED' },
    });
    await user.click(within(banner).getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('Too many requests. Try again later.')).toBeInTheDocument();
    expect(screen.queryByText('Verification link sent')).not.toBeInTheDocument();
    expect(banner).toBeInTheDocument();
  });

  it('goes away when the address turns out to be verified already (409)', async () => {
    const { user, banner, queryClient } = renderBanner({
      status: 409,
      json: { message: 'Your e-mail address is already verified', code: 'CONFLICT' },
    });
    queryClient.setQueryData(['/api/auth/user'], unverified);
    await user.click(within(banner).getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('Your e-mail address is already verified')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'E-mail verification' })).not.toBeInTheDocument();
    // The user is to be read again, so everything else sees the verified address too.
    expect(queryClient.getQueryState(['/api/auth/user'])?.isInvalidated).toBe(true);
  });
});
