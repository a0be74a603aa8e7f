import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EnterpriseClient } from '@contract/enterprise';
import { AiRoute } from '@/app/routes/ai';
import { EnterprisePanel } from '@/features/enterprise/components/enterprise-panel';
import { mockFetch, testUser, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const director = { ...testUser, id: 'u_dir', tier: 4, effectiveTier: 4 };
const LIST = '/api/enterprise/clients';
const member = {
  name: null,
  role: 'member' as const,
  via: 'director' as const,
  joinedAt: '2026-10-02T09:00:00.000Z',
};

function makeClient(overrides: Partial<EnterpriseClient> = {}): EnterpriseClient {
  return {
    id: 'e1',
    name: 'Acme Holdings',
    domain: 'acme.com',
    tier: 3,
    autoJoin: false,
    createdAt: '2026-10-01T09:00:00.000Z',
    members: [],
    memberCount: 0,
    ...overrides,
  };
}

/** Clients held in memory; `post` may answer a create differently. */
function serveClients(
  initial: EnterpriseClient[],
  { user = director, post }: { user?: typeof director; post?: (request: MockRequest) => MockReply } = {},
) {
  let clients = initial;
  return mockFetch((request) => {
    const { method, url, body } = request;
    if (url === '/api/auth/user') return { json: user };
    if (method === 'GET' && url === LIST) return { json: clients };
    if (method === 'POST' && url === LIST) {
      if (post) return post(request);
      const input = body as Pick<EnterpriseClient, 'name' | 'domain' | 'tier'>;
      const created = makeClient({ id: 'e-new', ...input });
      clients = [created, ...clients];
      return { status: 201, json: created };
    }
    const id = url.match(/^\/api\/enterprise\/clients\/(.+)$/)?.[1];
    if (method === 'PATCH' && id) {
      clients = clients.map((client) =>
        client.id === id ? { ...client, ...(body as Partial<EnterpriseClient>) } : client,
      );
      return { json: clients.find((client) => client.id === id) };
    }
    if (method === 'DELETE' && id) {
      clients = clients.filter((client) => client.id !== id);
      return { status: 204 };
    }
    return undefined;
  });
}

const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === LIST && (init?.method ?? 'GET') === 'GET');
const postBodies = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === LIST && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('Enterprise tab', () => {
  it('never asks for the list below tier 4', async () => {
    const fetchMock = serveClients([makeClient()], { user: { ...testUser, tier: 3, effectiveTier: 3 } });
    renderWithProviders(<EnterprisePanel />);
    expect(
      await screen.findByText('Enterprise clients are managed by Directors (tier 4).'),
    ).toBeInTheDocument();
    expect(listCalls(fetchMock)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Add Client' })).not.toBeInTheDocument();
  });

  it('lists clients with their tier badge and their members', async () => {
    const fetchMock = serveClients([
      makeClient({
        members: [
          { ...member, userId: 'u1', email: 'alice@acme.com', tier: 1, role: 'owner' },
          { ...member, userId: 'u2', email: 'bob@acme.com', tier: 3 },
        ],
        memberCount: 5,
      }),
      makeClient({ id: 'e2', name: 'Globex', domain: 'globex.io', tier: 4 }),
    ]);
    renderWithProviders(<EnterprisePanel />);
    const [acme, globex] = await screen.findAllByTestId('enterprise-client');
    expect(within(acme!).getByRole('heading', { name: /Acme Holdings/ })).toHaveTextContent('TIER 3');
    expect(within(acme!).getByText('@acme.com · added Oct 1, 2026')).toBeInTheDocument();
    const members = within(acme!).getByRole('region', { name: 'Members of Acme Holdings' });
    expect(within(members).getByText('Members (5)')).toBeInTheDocument();
    expect(within(members).getByText('alice@acme.com').closest('li')).toHaveTextContent('TIER 1');
    expect(within(members).getByText('bob@acme.com').closest('li')).toHaveTextContent('TIER 3');
    expect(within(members).getByText('and 3 more')).toBeInTheDocument();
    expect(within(globex!).getByRole('heading', { name: /Globex/ })).toHaveTextContent('TIER 4');
    expect(within(globex!).getByText('No members yet: seat an owner below.')).toBeInTheDocument();
    expect(listCalls(fetchMock)).toHaveLength(1);
  });

  it("checks the Add Client form with the API's schema and sends nothing while it is invalid", async () => {
    const fetchMock = serveClients([]);
    const user = userEvent.setup();
    renderWithProviders(<EnterprisePanel />);
    expect(await screen.findByText('No enterprise clients yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add Client' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Client' });
    await user.type(within(dialog).getByLabelText('Name'), 'A');
    await user.type(within(dialog).getByLabelText('Domain'), 'https://acme.com/');
    await user.click(within(dialog).getByRole('button', { name: 'Add Client' }));
    expect(await within(dialog).findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid domain name, such as example.com')).toBeInTheDocument();
    expect(postBodies(fetchMock)).toHaveLength(0);
  });

  it('adds a client with a lower-cased domain and the chosen tier, then lists it', async () => {
    const fetchMock = serveClients([]);
    const user = userEvent.setup();
    renderWithProviders(<EnterprisePanel />);
    await user.click((await screen.findAllByRole('button', { name: 'Add Client' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Client' });
    expect(within(dialog).getByLabelText('Tier')).toHaveValue('1');
    await user.type(within(dialog).getByLabelText('Name'), 'Initech');
    await user.type(within(dialog).getByLabelText('Domain'), 'Initech.COM');
    await user.selectOptions(within(dialog).getByLabelText('Tier'), 'Tier 3 · Agent');
    await user.click(within(dialog).getByRole('button', { name: 'Add Client' }));

    expect(await screen.findByText('Client added')).toBeInTheDocument();
    expect(postBodies(fetchMock)).toEqual([
      { name: 'Initech', domain: 'initech.com', tier: 3, autoJoin: false },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [card] = await screen.findAllByTestId('enterprise-client');
    expect(within(card!).getByRole('heading', { name: /Initech/ })).toHaveTextContent('TIER 3');
  });

  it('shows a taken domain under the domain field', async () => {
    serveClients([], {
      post: () => ({
        status: 409,
        json: { code: 'CONFLICT', message: 'An enterprise client with the domain acme.com already exists' },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<EnterprisePanel />);
    await user.click((await screen.findAllByRole('button', { name: 'Add Client' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Client' });
    await user.type(within(dialog).getByLabelText('Name'), 'Acme again');
    await user.type(within(dialog).getByLabelText('Domain'), 'acme.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add Client' }));
    expect(
      await within(dialog).findByText('An enterprise client with the domain acme.com already exists'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Domain')).toHaveAttribute('aria-invalid', 'true');
  });

  it("changes a client's tier from its card", async () => {
    const fetchMock = serveClients([makeClient({ tier: 3 })]);
    const user = userEvent.setup();
    renderWithProviders(<EnterprisePanel />);
    const select = await screen.findByRole('combobox', { name: 'Tier of Acme Holdings' });
    expect(select).toHaveValue('3');
    await user.selectOptions(select, 'Tier 4 · Director');
    expect(await screen.findByText('Tier changed')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      `${LIST}/e1`,
      expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ tier: 4 }) }),
    );
    expect(screen.getByRole('heading', { name: /Acme Holdings/ })).toHaveTextContent('TIER 4');
    expect(screen.getByRole('combobox', { name: 'Tier of Acme Holdings' })).toHaveValue('4');
  });

  it('removes a client after confirming', async () => {
    const fetchMock = serveClients([makeClient()]);
    const user = userEvent.setup();
    renderWithProviders(<EnterprisePanel />);
    await user.click(await screen.findByRole('button', { name: 'Remove Acme Holdings' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this client?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove client' }));
    expect(await screen.findByText('No enterprise clients yet')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(`${LIST}/e1`, expect.objectContaining({ method: 'DELETE' }));
  });
});

describe('the Enterprise tab on /ai', () => {
  it('is offered to Directors only, and the list is asked for only then', async () => {
    const below = serveClients([makeClient()], { user: { ...testUser, tier: 2, effectiveTier: 2 } });
    const { unmount } = renderWithProviders(<AiRoute />, { path: '/ai?tab=enterprise' });
    expect(await screen.findByRole('tab', { name: 'AI Analysis', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Enterprise' })).not.toBeInTheDocument();
    expect(listCalls(below)).toHaveLength(0);
    unmount();

    const user = userEvent.setup();
    const fetchMock = serveClients([makeClient()]);
    renderWithProviders(<AiRoute />, { path: '/ai' });
    await user.click(await screen.findByRole('tab', { name: 'Enterprise' }));
    expect(await screen.findByRole('heading', { name: /Acme Holdings/ })).toBeInTheDocument();
    expect(listCalls(fetchMock)).toHaveLength(1);
  });
});
