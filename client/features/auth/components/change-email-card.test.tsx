import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChangeEmailCard } from '@/features/auth/components/change-email-card';
import { mockFetch, type MockReply } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function serve(answer: MockReply) {
  return mockFetch(({ url, method }) =>
    url === '/api/auth/email' && method === 'POST' ? answer : undefined,
  );
}

function emailCalls(fetchMock: ReturnType<typeof serve>) {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/auth/email');
}

async function fill(newEmail: string, currentPassword: string) {
  const user = userEvent.setup();
  const form = screen.getByRole('form', { name: 'Change e-mail address' });
  await user.type(within(form).getByLabelText('New e-mail address'), newEmail);
  await user.type(within(form).getByLabelText('Current password'), currentPassword);
  await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
  return form;
}

describe('Settings > Security, change e-mail address', () => {
  it('shows the current address', () => {
    serve({ status: 202, json: {} });
    renderWithProviders(<ChangeEmailCard currentEmail="agent@example.com" />);
    expect(screen.getByText('agent@example.com')).toBeInTheDocument();
  });

  it('asks for the change and says a link went to the new address (202)', async () => {
    const fetchMock = serve({ status: 202, json: {} });
    renderWithProviders(<ChangeEmailCard currentEmail="agent@example.com" />);
    const form = await fill(' New.Agent@Example.com ', 'my password');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      'We sent a confirmation link to new.agent@example.com. Your address changes when you open it.',
    );
    expect(emailCalls(fetchMock)).toHaveLength(1);
    expect(JSON.parse(String(emailCalls(fetchMock)[0]?.[1]?.body))).toEqual({
      newEmail: 'new.agent@example.com',
      currentPassword: 'my password',
    });
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it('says a taken address is taken, under the address (409)', async () => {
    serve({ status: 409, json: { message: 'An account with this email already exists', code: 'CONFLICT' } });
    renderWithProviders(<ChangeEmailCard currentEmail="agent@example.com" />);
    const form = await fill('taken@example.com', 'my password');
    expect(await within(form).findByText('An account with this email already exists')).toBeInTheDocument();
    expect(within(form).getByLabelText('New e-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('puts a wrong current password under its field', async () => {
    serve({
      status: 400,
      json: {
        message: 'Validation failed',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
      },
    });
    renderWithProviders(<ChangeEmailCard currentEmail="agent@example.com" />);
    const form = await fill('new@example.com', 'wrong');
    expect(await within(form).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the address before sending', async () => {
    const fetchMock = serve({ status: 202, json: {} });
    renderWithProviders(<ChangeEmailCard currentEmail="agent@example.com" />);
    const form = await fill('not-an-address', 'my password');
    expect(await within(form).findByText('Invalid email')).toBeInTheDocument();
    expect(emailCalls(fetchMock)).toHaveLength(0);
  });
});
