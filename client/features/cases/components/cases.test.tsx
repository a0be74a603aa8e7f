import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Case, CaseDetail } from '@contract/cases';
import { CasesRoute } from '@/app/routes/cases';
import { makeCase, makeCaseDetail } from '@/features/cases/test-fixtures';
import { mockFetch, testUser, UNAUTHENTICATED, type MockRequest, type MockReply } from '@/test/fetch-mock';
import { loginRedirect } from '@/test/login-redirect';
import { renderWithProviders } from '@/test/render';

vi.mock('@/lib/api-client', async (importOriginal) =>
  (await import('@/test/login-redirect')).recordLoginRedirects(await importOriginal()),
);

beforeEach(() => loginRedirect.mockClear());

const director = { ...testUser, id: 'u_dir', tier: 4, effectiveTier: 4 };

function serve({
  user = testUser,
  lists = {},
  detail,
  other,
}: {
  user?: typeof testUser;
  lists?: Record<string, Case[]>;
  detail?: CaseDetail;
  other?: (request: MockRequest) => MockReply | undefined;
}) {
  return mockFetch((request) => {
    const { method, url } = request;
    if (url === '/api/auth/user') return { json: user };
    if (method === 'GET' && url.startsWith('/api/cases') && !url.startsWith('/api/cases/')) {
      return { json: lists[url] ?? [] };
    }
    if (method === 'GET' && detail && url === `/api/cases/${detail.id}`) return { json: detail };
    return other?.(request);
  });
}

describe('the New Case dialog', () => {
  it("shows the schema's messages and sends nothing while the form is invalid", async () => {
    const fetchMock = serve({});
    const actor = userEvent.setup();
    renderWithProviders(<CasesRoute />, { path: '/cases' });
    expect(await screen.findByText('No cases found')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'New Case' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Case' });
    expect(within(dialog).getByLabelText('Priority')).toHaveValue('medium');
    await actor.type(within(dialog).getByLabelText('Title'), 'Abc');
    await actor.type(within(dialog).getByLabelText('Description'), 'Too short');
    await actor.click(within(dialog).getByRole('button', { name: 'Create Case' }));
    expect(await within(dialog).findByText('Title must be at least 5 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Description must be at least 20 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Category is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('creates the case, closes the dialog and refreshes the list', async () => {
    let cases: Case[] = [];
    let posted: unknown;
    const fetchMock = mockFetch(({ method, url, body }) => {
      if (url === '/api/auth/user') return { json: testUser };
      if (method === 'GET' && url === '/api/cases') return { json: cases };
      if (method === 'POST' && url === '/api/cases') {
        posted = body;
        cases = [makeCase({ title: 'Surveil a warehouse', category: 'surveillance', priority: 'high' })];
        return { status: 201, json: cases[0] };
      }
      return undefined;
    });
    const actor = userEvent.setup();
    renderWithProviders(<CasesRoute />, { path: '/cases' });
    await actor.click(await screen.findByRole('button', { name: 'Create Your First Case' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Case' });
    await actor.type(within(dialog).getByLabelText('Title'), 'Surveil a warehouse');
    await actor.type(
      within(dialog).getByLabelText('Description'),
      'Watch the loading bays of our Pune warehouse for a week.',
    );
    await actor.selectOptions(within(dialog).getByLabelText('Category'), 'surveillance');
    await actor.selectOptions(within(dialog).getByLabelText('Priority'), 'high');
    await actor.click(within(dialog).getByRole('button', { name: 'Create Case' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Case' })).not.toBeInTheDocument());
    expect(posted).toMatchObject({
      title: 'Surveil a warehouse',
      category: 'surveillance',
      priority: 'high',
    });
    const card = await screen.findByTestId('case-card');
    expect(within(card).getByText('Surveil a warehouse')).toBeInTheDocument();
    expect(within(card).getByText('High')).toBeInTheDocument();
    expect(within(card).getByText('Surveillance')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalled();
  });

  it("shows the server's message when the case is refused", async () => {
    serve({
      other: ({ method, url }) =>
        method === 'POST' && url === '/api/cases'
          ? { status: 400, json: { message: 'Deadline must be in the future', code: 'VALIDATION' } }
          : undefined,
    });
    const actor = userEvent.setup();
    renderWithProviders(<CasesRoute />, { path: '/cases' });
    await actor.click(await screen.findByRole('button', { name: 'New Case' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Case' });
    await actor.type(within(dialog).getByLabelText('Title'), 'Protect a visiting CEO');
    await actor.type(
      within(dialog).getByLabelText('Description'),
      'Close protection for three days in Delhi.',
    );
    await actor.selectOptions(within(dialog).getByLabelText('Category'), 'vip_protection');
    await actor.click(within(dialog).getByRole('button', { name: 'Create Case' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Deadline must be in the future');
  });
});

describe('a lost session', () => {
  it('goes to /api/login when the session ended before the case was sent', async () => {
    serve({
      other: ({ method, url }) => (method === 'POST' && url === '/api/cases' ? UNAUTHENTICATED : undefined),
    });
    const actor = userEvent.setup();
    renderWithProviders(<CasesRoute />, { path: '/cases' });
    await actor.click(await screen.findByRole('button', { name: 'New Case' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Case' });
    await actor.type(within(dialog).getByLabelText('Title'), 'Sweep an office for bugs');
    await actor.type(
      within(dialog).getByLabelText('Description'),
      'Technical sweep of our Bengaluru office.',
    );
    await actor.selectOptions(within(dialog).getByLabelText('Category'), 'surveillance');
    await actor.click(within(dialog).getByRole('button', { name: 'Create Case' }));
    await waitFor(() => expect(loginRedirect).toHaveBeenCalledWith('/api/login'));
  });
});

describe('the cases tabs', () => {
  it('shows a member only My Cases', async () => {
    serve({ lists: { '/api/cases': [makeCase()] } });
    renderWithProviders(<CasesRoute />, { path: '/cases' });
    expect(await screen.findByRole('tab', { name: 'My Cases' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Assigned Cases' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'All Cases' })).not.toBeInTheDocument();
    expect(await screen.findByText('Background check on a partner')).toBeInTheDocument();
  });

  it('gives a member My Cases even when the address asks for All Cases', async () => {
    const fetchMock = serve({});
    renderWithProviders(<CasesRoute />, { path: '/cases?tab=all' });
    expect(await screen.findByText('No cases found')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('scope=all'))).toBe(false);
  });

  it('opens a Director on the queue of new and unassigned cases, then Assigned to me and All cases', async () => {
    serve({
      user: director,
      lists: {
        '/api/cases?scope=queue': [makeCase({ id: 'c4', title: 'Nobody has this yet', ownerEmail: 'q@y.z' })],
        '/api/cases?assigned=true': [makeCase({ id: 'c2', title: 'Assigned to the Director' })],
        '/api/cases?scope=all': [makeCase({ id: 'c3', title: 'Somebody else’s case', ownerEmail: 'x@y.z' })],
      },
    });
    const actor = userEvent.setup();
    renderWithProviders(<CasesRoute />, { path: '/cases' });
    expect(await screen.findByRole('tab', { name: 'New & unassigned', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Nobody has this yet')).toBeInTheDocument();
    await actor.click(await screen.findByRole('tab', { name: 'Assigned to me' }));
    expect(await screen.findByText('Assigned to the Director')).toBeInTheDocument();
    await actor.click(screen.getByRole('tab', { name: 'All cases' }));
    expect(await screen.findByText('Somebody else’s case')).toBeInTheDocument();
    expect(screen.getByText('x@y.z')).toBeInTheDocument();
  });
});

describe('the case detail dialog', () => {
  const detail = makeCaseDetail({
    status: 'pending_review',
    updates: [
      {
        id: 'up1',
        title: null,
        updateType: 'internal_note',
        content: 'Client may be a front company.',
        isInternal: true,
        author: 'Director',
        createdAt: new Date().toISOString(),
      },
    ],
  });

  it('opens from ?case= and offers a Director only the allowed status moves', async () => {
    let sent: unknown;
    serve({
      user: director,
      detail,
      other: ({ method, url, body }) => {
        if (method === 'POST' && url === '/api/cases/c1/updates') {
          sent = body;
          return { status: 201, json: { ...detail, status: 'completed' } };
        }
        return undefined;
      },
    });
    const actor = userEvent.setup();
    renderWithProviders(<CasesRoute />, { path: '/cases?case=c1' });
    const dialog = await screen.findByRole('dialog', { name: detail.title });
    expect(within(dialog).getByText('Internal')).toBeInTheDocument();
    const select = within(dialog).getByLabelText('Move status');
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Completed', 'In Progress']);
    await actor.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(sent).toEqual({ updateType: 'status_change', status: 'completed' }));
    expect(
      await within(dialog).findByText('Closed', { exact: false, selector: 'option' }),
    ).toBeInTheDocument();
  });

  it('opens from a case card and closes again', async () => {
    serve({ lists: { '/api/cases': [makeCase()] }, detail: makeCaseDetail() });
    const actor = userEvent.setup();
    renderWithProviders(<CasesRoute />, { path: '/cases' });
    await actor.click(await screen.findByRole('button', { name: 'Background check on a partner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Background check on a partner' });
    expect(within(dialog).getByText('Case CASE-2026-0001')).toBeInTheDocument();
    expect(within(dialog).getByText('No updates yet.')).toBeInTheDocument();
    await actor.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('gives a member the comment box but no Director controls', async () => {
    let sent: unknown;
    serve({
      detail: makeCaseDetail(),
      other: ({ method, url, body }) => {
        if (method === 'POST' && url === '/api/cases/c1/updates') {
          sent = body;
          return { status: 201, json: makeCaseDetail() };
        }
        return undefined;
      },
    });
    const actor = userEvent.setup();
    renderWithProviders(<CasesRoute />, { path: '/cases?case=c1' });
    const dialog = await screen.findByRole('dialog', { name: 'Background check on a partner' });
    expect(within(dialog).queryByRole('region', { name: 'Director controls' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Move status')).not.toBeInTheDocument();
    await actor.click(within(dialog).getByRole('button', { name: 'Post Comment' }));
    expect(await within(dialog).findByText('Content is required')).toBeInTheDocument();
    await actor.type(within(dialog).getByLabelText('Add a comment'), 'Any news?');
    await actor.click(within(dialog).getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(sent).toEqual({ updateType: 'comment', content: 'Any news?' }));
  });
});
