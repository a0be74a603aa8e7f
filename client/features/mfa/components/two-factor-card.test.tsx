import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import type { MfaSetup } from '@contract/mfa';
import { TwoFactorCard } from '@/features/mfa/components/two-factor-card';
import { mockFetch, testUser, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const setup: MfaSetup = {
  qrCodeUrl: 'data:image/png;base64,iVBORw0KGgo=',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  backupCodes: Array.from({ length: 10 }, (_, index) => `a1b2-c3d4-e5f6-${String(index).padStart(4, '0')}`),
};

/** A user whose 2FA state changes with enable and disable; `api` may answer first. */
function serveMfa(
  initial: Partial<User> = {},
  api: (request: MockRequest) => MockReply | undefined = () => undefined,
) {
  let user: User = { ...testUser, ...initial };
  return mockFetch((request) => {
    const answer = api(request);
    if (answer) return answer;
    if (request.url === '/api/auth/user') return { json: user };
    if (request.url === '/api/auth/mfa/setup') return { json: setup };
    if (request.url === '/api/auth/mfa/enable') {
      user = { ...user, mfaEnabled: true };
      return { json: user };
    }
    if (request.url === '/api/auth/mfa/disable') {
      user = { ...user, mfaEnabled: false };
      return { json: user };
    }
    return undefined;
  });
}

async function startSetup() {
  const user = userEvent.setup();
  const rendered = renderWithProviders(<TwoFactorCard />);
  await user.click(await screen.findByRole('button', { name: 'Enable two-factor authentication' }));
  return { user, ...rendered };
}

function calls(fetchMock: ReturnType<typeof mockFetch>, url: string) {
  return fetchMock.mock.calls.filter(([called]) => called === url);
}

describe('two-factor card', () => {
  it('says it is loading the user first', () => {
    mockFetch(() => new Promise(() => {}));
    renderWithProviders(<TwoFactorCard />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading user information...');
  });

  it('shows Inactive, and fetches the setup only when asked, once', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = serveMfa({}, ({ url }) =>
      url === '/api/auth/mfa/setup'
        ? (held.then(() => ({ json: setup })) as unknown as MockReply)
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<TwoFactorCard />);
    expect(await screen.findByTestId('mfa-status')).toHaveTextContent('Inactive');
    expect(calls(fetchMock, '/api/auth/mfa/setup')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Enable two-factor authentication' }));
    expect(await screen.findByText('Setting up MFA...')).toBeInTheDocument();
    release();

    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr).toHaveAttribute('src', setup.qrCodeUrl);
    expect(screen.getByTestId('mfa-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const codes = within(screen.getByRole('list', { name: 'Backup codes' })).getAllByRole('listitem');
    expect(codes).toHaveLength(10);
    expect(codes[0]).toHaveTextContent('a1b2-c3d4-e5f6-0000');
    expect(calls(fetchMock, '/api/auth/mfa/setup')).toHaveLength(1);
  });

  it('says so when the setup cannot start', async () => {
    serveMfa({}, ({ url }) =>
      url === '/api/auth/mfa/setup'
        ? { status: 500, json: { message: 'Oops', code: 'INTERNAL' } }
        : undefined,
    );
    await startSetup();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to initialize MFA setup');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('enables submit only at exactly 6 digits', async () => {
    serveMfa();
    const { user } = await startSetup();
    const input = await screen.findByLabelText('Verification code');
    const submit = screen.getByRole('button', { name: 'Verify and enable' });
    expect(input).toHaveAttribute('inputMode', 'numeric');
    expect(input).toHaveAttribute('maxLength', '6');
    expect(submit).toBeDisabled();
    await user.type(input, '12a34');
    expect(input).toHaveValue('1234');
    expect(submit).toBeDisabled();
    await user.type(input, '5');
    expect(submit).toBeDisabled();
    await user.type(input, '6');
    expect(input).toHaveValue('123456');
    expect(submit).toBeEnabled();
    await user.type(input, '7');
    expect(input).toHaveValue('123456');
    await user.type(input, '{Backspace}');
    expect(submit).toBeDisabled();
  });

  it('shows a check mark on a copied backup code for 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveMfa();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<TwoFactorCard />);
    await user.click(await screen.findByRole('button', { name: 'Enable two-factor authentication' }));
    const copy = await screen.findByRole('button', { name: 'Copy backup code a1b2-c3d4-e5f6-0003' });
    expect(within(copy).getByTestId('copy-icon')).toBeInTheDocument();

    await user.click(copy);
    expect(within(copy).getByTestId('copied-icon')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('a1b2-c3d4-e5f6-0003');

    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(within(copy).getByTestId('copied-icon')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(within(copy).getByTestId('copy-icon')).toBeInTheDocument();
    expect(within(copy).queryByTestId('copied-icon')).not.toBeInTheDocument();
  });

  it('says so when a backup code cannot be copied', async () => {
    serveMfa();
    const { user } = await startSetup();
    const copy = await screen.findByRole('button', { name: 'Copy backup code a1b2-c3d4-e5f6-0000' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Denied', 'NotAllowedError'),
    );
    await user.click(copy);
    expect(await screen.findByText('Failed to copy backup code')).toBeInTheDocument();
    expect(within(copy).queryByTestId('copied-icon')).not.toBeInTheDocument();
  });

  it("shows the server's message when the code is wrong", async () => {
    serveMfa({}, ({ url }) =>
      url === '/api/auth/mfa/enable'
        ? {
            status: 400,
            json: { message: 'Invalid verification code', code: 'VALIDATION_FAILED' },
          }
        : undefined,
    );
    const { user } = await startSetup();
    const input = await screen.findByLabelText('Verification code');
    await user.type(input, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    // Next to the field (its description, announced), not only somewhere else on the page.
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code');
    expect(input).toHaveAccessibleDescription('Invalid verification code');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('');
    expect(screen.getByTestId('mfa-status')).toHaveTextContent('Inactive');
    // Typing the next code takes the message away.
    await user.type(input, '1');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Invalid verification code')).not.toBeInTheDocument();
  });

  it('falls back to "Failed to enable MFA" when the server says nothing useful', async () => {
    serveMfa({}, ({ url }) =>
      url === '/api/auth/mfa/enable' ? { status: 502, statusText: 'Bad Gateway' } : undefined,
    );
    const { user } = await startSetup();
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Failed to enable MFA')).toBeInTheDocument();
  });

  it('turns 2FA on with a valid code, shows the backup codes once more, then offers to turn it off', async () => {
    const fetchMock = serveMfa();
    const { user, queryClient } = await startSetup();
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));

    expect(await screen.findByText('Two-factor authentication enabled')).toBeInTheDocument();
    expect(screen.getByTestId('mfa-status')).toHaveTextContent('Active');
    expect(JSON.parse(String(calls(fetchMock, '/api/auth/mfa/enable')[0]?.[1]?.body))).toEqual({
      code: '123456',
    });
    expect(queryClient.getQueryData(['/api/auth/user'])).toMatchObject({ mfaEnabled: true });
    // The spent setup (and its secret) is not kept.
    expect(queryClient.getQueryData(['/api/auth/mfa/setup'])).toBeUndefined();

    expect(screen.getByRole('heading', { name: 'Save your backup codes now' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Backup codes' })).getAllByRole('listitem')).toHaveLength(
      10,
    );
    await user.click(screen.getByRole('button', { name: 'I have saved my backup codes' }));
    expect(screen.queryByRole('list', { name: 'Backup codes' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Disable two-factor authentication' })).toBeInTheDocument();
  });

  it('turns 2FA off with a backup code', async () => {
    const fetchMock = serveMfa({ mfaEnabled: true });
    const user = userEvent.setup();
    renderWithProviders(<TwoFactorCard />);
    expect(await screen.findByTestId('mfa-status')).toHaveTextContent('Active');
    const input = screen.getByLabelText('Authentication or backup code');
    const submit = screen.getByRole('button', { name: 'Disable two-factor authentication' });
    expect(submit).toBeDisabled();
    await user.type(input, 'a1b2-c3d4-e5f6-a7b8');
    await user.click(submit);
    expect(await screen.findByText('Two-factor authentication disabled')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('mfa-status')).toHaveTextContent('Inactive'));
    expect(JSON.parse(String(calls(fetchMock, '/api/auth/mfa/disable')[0]?.[1]?.body))).toEqual({
      code: 'a1b2-c3d4-e5f6-a7b8',
    });
    expect(screen.getByRole('button', { name: 'Enable two-factor authentication' })).toBeInTheDocument();
  });

  it('says "Failed to disable MFA" when turning it off fails without a message', async () => {
    serveMfa({ mfaEnabled: true }, ({ url }) =>
      url === '/api/auth/mfa/disable' ? { status: 500, statusText: 'Internal Server Error' } : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<TwoFactorCard />);
    await user.type(await screen.findByLabelText('Authentication or backup code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Disable two-factor authentication' }));
    expect(await screen.findByText('Failed to disable MFA')).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication or backup code')).toHaveAccessibleDescription(
      'Failed to disable MFA',
    );
    expect(screen.getByTestId('mfa-status')).toHaveTextContent('Active');
  });
});
