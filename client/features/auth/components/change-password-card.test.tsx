import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { mockFetch, type MockReply } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function serve(answer: MockReply) {
  return mockFetch(({ url, method }) =>
    url === '/api/auth/password' && method === 'POST' ? answer : undefined,
  );
}

function passwordCalls(fetchMock: ReturnType<typeof serve>) {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/auth/password');
}

async function fill(current: string, next: string, confirmation = next) {
  const user = userEvent.setup();
  const form = screen.getByRole('form', { name: 'Change password' });
  await user.type(within(form).getByLabelText('Current password'), current);
  await user.type(within(form).getByLabelText('New password'), next);
  await user.type(within(form).getByLabelText('Confirm new password'), confirmation);
  await user.click(within(form).getByRole('button', { name: 'Update password' }));
  return form;
}

describe('Settings > Security, change password', () => {
  it('changes the password, says the other sessions ended and empties the form', async () => {
    const fetchMock = serve({ status: 204 });
    renderWithProviders(<ChangePasswordCard />);
    const form = await fill('the old one', 'a new passphrase');
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(
      screen.getByText('Your other sessions were signed out. This one stays signed in.'),
    ).toBeInTheDocument();
    expect(passwordCalls(fetchMock)).toHaveLength(1);
    expect(JSON.parse(String(passwordCalls(fetchMock)[0]?.[1]?.body))).toEqual({
      currentPassword: 'the old one',
      newPassword: 'a new passphrase',
    });
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
    expect(within(form).getByLabelText('New password')).toHaveValue('');
  });

  it('puts "Current password is incorrect" under the current password', async () => {
    serve({
      status: 400,
      json: {
        message: 'Validation failed',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
      },
    });
    renderWithProviders(<ChangePasswordCard />);
    const form = await fill('not the one', 'a new passphrase');
    expect(await within(form).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('New password')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Password changed')).not.toBeInTheDocument();
  });

  it('checks the confirmation and the length before sending', async () => {
    const fetchMock = serve({ status: 204 });
    renderWithProviders(<ChangePasswordCard />);
    const form = await fill('the old one', 'short', 'shorter');
    expect(await within(form).findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(within(form).getByText('Passwords do not match')).toBeInTheDocument();
    expect(passwordCalls(fetchMock)).toHaveLength(0);
  });

  it('says to try later after too many wrong passwords (429)', async () => {
    serve({ status: 429, json: { message: 'Too many requests. Try again later.', code: 'RATE_LIMITED' } });
    renderWithProviders(<ChangePasswordCard />);
    const form = await fill('guess', 'a new passphrase');
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many requests. Try again later.');
  });
});
