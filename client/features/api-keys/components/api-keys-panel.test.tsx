import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiKey, CreatedApiKey } from '@contract/api-keys';
import { ApiKeysPanel } from '@/features/api-keys/components/api-keys-panel';
import { mockFetch, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function makeKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'k1',
    name: 'Reporting script',
    keyPrefix: 'ik_a1b2c3',
    permissions: ['read'],
    expiresAt: null,
    isActive: true,
    createdAt: '2026-01-15T10:00:00.000Z',
    lastUsed: null,
    ...overrides,
  };
}

/** Keys held in memory: listed, created and revoked like the API does. */
function serveKeys(initial: ApiKey[]) {
  let keys = initial;
  const fetchMock = mockFetch((request: MockRequest) => {
    if (request.method === 'GET' && request.url === '/api/api-keys') return { json: keys };
    if (request.method === 'POST' && request.url === '/api/api-keys') {
      const body = request.body as { name: string; permissions: ApiKey['permissions']; expiresAt?: string };
      const key = 'ik_new0000000000000000000000000000000000000000';
      const created: CreatedApiKey = {
        ...makeKey({ id: 'k-new', name: body.name, permissions: body.permissions, keyPrefix: 'ik_new000' }),
        expiresAt: body.expiresAt ?? null,
        key,
        keyHash: key,
      };
      keys = [created, ...keys];
      return { status: 201, json: created };
    }
    const id = request.url.match(/^\/api\/api-keys\/(.+)$/)?.[1];
    if (request.method === 'DELETE' && id) {
      keys = keys.map((key) => (key.id === id ? { ...key, isActive: false } : key));
      return { status: 204 };
    }
    return undefined;
  });
  return fetchMock;
}

function posts(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.filter(([url, init]) => url === '/api/api-keys' && init?.method === 'POST');
}

describe('API keys', () => {
  it('checks the form with the API schema: name length and at least one permission', async () => {
    const fetchMock = serveKeys([]);
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysPanel />);
    const form = screen.getByRole('form', { name: 'Create API key' });
    expect(within(form).getByRole('checkbox', { name: /read/i })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: /write/i })).not.toBeChecked();

    await user.type(within(form).getByLabelText('Name'), 'ab');
    await user.click(within(form).getByRole('checkbox', { name: /read/i }));
    await user.click(within(form).getByRole('button', { name: 'Create API key' }));

    expect(await within(form).findByText('At least one permission required')).toBeInTheDocument();
    expect(within(form).getByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('creates a key, copies it and shows it once with a warning', async () => {
    const fetchMock = serveKeys([]);
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysPanel />);
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create API key' });
    await user.type(within(form).getByLabelText('Name'), 'Case exporter');
    await user.click(within(form).getByRole('checkbox', { name: /write/i }));
    await user.click(within(form).getByRole('button', { name: 'Create API key' }));

    const dialog = await screen.findByRole('dialog', { name: 'API key created' });
    expect(within(dialog).getByTestId('created-api-key')).toHaveTextContent(
      'ik_new0000000000000000000000000000000000000000',
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent('It will not be shown again');
    expect(await navigator.clipboard.readText()).toBe('ik_new0000000000000000000000000000000000000000');
    expect(screen.getByText('The key has been copied to your clipboard.')).toBeInTheDocument();
    expect(JSON.parse(String(posts(fetchMock)[0]?.[1]?.body))).toEqual({
      name: 'Case exporter',
      permissions: ['read', 'write'],
    });
    // The form starts again empty.
    expect(within(form).getByLabelText('Name')).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const listed = await screen.findByRole('list', { name: 'API keys' });
    expect(within(listed).getByText('Case exporter')).toBeInTheDocument();
    expect(within(listed).getByText('ik_new000…')).toBeInTheDocument();
    expect(screen.queryByText('ik_new0000000000000000000000000000000000000000')).not.toBeInTheDocument();
  });

  it('sends the expiry date as the end of that day', async () => {
    const fetchMock = serveKeys([]);
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysPanel />);
    const form = screen.getByRole('form', { name: 'Create API key' });
    await user.type(within(form).getByLabelText('Name'), 'Short-lived');
    await user.type(within(form).getByLabelText('Expires on (optional)'), '2099-12-31');
    await user.click(within(form).getByRole('button', { name: 'Create API key' }));
    await screen.findByRole('dialog', { name: 'API key created' });
    const body = JSON.parse(String(posts(fetchMock)[0]?.[1]?.body)) as { expiresAt: string };
    expect(body.expiresAt).toBe(new Date('2099-12-31T23:59:59').toISOString());
  });

  it('lists keys with their details, and disables Revoke once revoked', async () => {
    serveKeys([
      makeKey({
        id: 'k1',
        name: 'Active key',
        permissions: ['read', 'write'],
        expiresAt: '2027-06-30T23:59:59.000Z',
        lastUsed: new Date(Date.now() - 2 * 3600_000).toISOString(),
      }),
      makeKey({ id: 'k2', name: 'Old key', keyPrefix: 'ik_zz9999', isActive: false }),
    ]);
    renderWithProviders(<ApiKeysPanel />);
    const [active, revoked] = await screen.findAllByTestId('api-key');
    expect(within(active!).getByText('Active')).toBeInTheDocument();
    expect(within(active!).getByText('ik_a1b2c3…')).toBeInTheDocument();
    expect(within(active!).getByText('read')).toBeInTheDocument();
    expect(within(active!).getByText('write')).toBeInTheDocument();
    expect(within(active!).getByText('Jun 30, 2027')).toBeInTheDocument();
    expect(within(active!).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(active!).getByRole('button', { name: 'Revoke Active key' })).toBeEnabled();

    expect(within(revoked!).getByText('Revoked')).toBeInTheDocument();
    // Never expires, never used.
    expect(within(revoked!).getAllByText('Never')).toHaveLength(2);
    expect(within(revoked!).getByRole('button', { name: 'Revoke Old key' })).toBeDisabled();
  });

  it('revokes a key after confirming, and its button stays disabled', async () => {
    const fetchMock = serveKeys([makeKey({ id: 'k1', name: 'Active key' })]);
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysPanel />);
    await user.click(await screen.findByRole('button', { name: 'Revoke Active key' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this API key?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));

    expect(await screen.findByText('API key revoked')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/api-keys/k1', expect.objectContaining({ method: 'DELETE' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Revoke Active key' })).toBeDisabled());
    expect(screen.getByText('Revoked')).toBeInTheDocument();
  });
});
