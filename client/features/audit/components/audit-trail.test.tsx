import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '@contract/audit';
import { AppRouter } from '@/app/router';
import { mockFetch, testUser, type MockReply } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const DIRECTOR = { ...testUser, tier: 4, effectiveTier: 4 };
const MEMBER_ID = '2f1c7a52-6a0e-4c43-9b7e-0d8f3b9c1a11';
const DIRECTOR_ID = '7d0e2a9c-1b3f-4c5d-8e6f-9a0b1c2d3e4f';

function event(index: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    at: new Date(Date.UTC(2026, 10, 24, 12, 0, 0) - index * 60_000).toISOString(),
    action: 'auth.login_succeeded',
    actorId: MEMBER_ID,
    actorEmail: 'member@example.test',
    subjectType: 'user',
    subjectId: MEMBER_ID,
    subjectUserId: MEMBER_ID,
    subjectUserEmail: 'member@example.test',
    ip: '203.0.113.7',
    detail: { device: 'Chrome on Linux' },
    actionLabel: 'Signed in',
    actorLabel: 'member@example.test',
    subjectLabel: 'member@example.test',
    ...overrides,
  };
}

const staffRead = event(0, {
  action: 'staff.read',
  actorId: DIRECTOR_ID,
  actorEmail: 'director@example.test',
  subjectType: 'case',
  subjectId: '9c8b7a65-4321-4fed-8cba-987654321000',
  detail: { via: 'detail' },
  actionLabel: "Staff read another user's record",
  actorLabel: 'director@example.test',
  subjectLabel: 'CASE-1001',
});
const systemEvent = event(1, {
  action: 'payment.confirmed',
  actorId: null,
  actorEmail: null,
  subjectType: 'payment',
  subjectId: '11111111-2222-4333-8444-555555555555',
  ip: null,
  detail: { amount: '25.00', by: 'stripe' },
  actionLabel: 'Payment confirmed',
  actorLabel: 'System',
  subjectLabel: 'Payment of 25.00 USD',
});

/** Serves the signed-in user and the trail: `pages` by cursor (`''` is the first page), or `reply` for every call. */
function serve({
  user = DIRECTOR,
  pages = { '': { events: [staffRead, systemEvent] } } as Record<
    string,
    { events: AuditEvent[]; next?: string }
  >,
  reply,
}: {
  user?: typeof DIRECTOR;
  pages?: Record<string, { events: AuditEvent[]; next?: string }>;
  reply?: MockReply;
} = {}) {
  const auditRequests: URLSearchParams[] = [];
  const fetchMock = mockFetch(({ url }) => {
    if (url === '/api/auth/user') return { json: user };
    if (url === '/api/cart') return { json: [] };
    if (url.startsWith('/api/admin/audit')) {
      const params = new URL(url, 'http://localhost').searchParams;
      auditRequests.push(params);
      if (reply) return reply;
      const page = pages[params.get('before') ?? ''];
      if (!page) return { status: 400, json: { message: 'Bad cursor', code: 'VALIDATION_FAILED' } };
      return { json: page.events, headers: page.next ? { 'X-Next-Cursor': page.next } : {} };
    }
    return undefined;
  });
  return { fetchMock, auditRequests };
}

async function openAudit(options: Parameters<typeof serve>[0] = {}) {
  const served = serve(options);
  const user = userEvent.setup();
  renderWithProviders(<AppRouter />, { path: '/audit' });
  await screen.findByRole('heading', { name: 'Audit Trail', level: 1 });
  return { user, ...served };
}

describe('the audit trail', () => {
  it('shows each event with its time, action, actor, subject, IP and detail', async () => {
    await openAudit();
    const rows = await screen.findAllByTestId('audit-event');
    expect(rows).toHaveLength(2);
    const table = screen.getByRole('table', { name: 'Audit events, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Action', 'Actor', 'Subject', 'IP', 'Detail']);

    const [read, system] = rows as [HTMLElement, HTMLElement];
    expect(within(read).getByText("Staff read another user's record")).toBeInTheDocument();
    expect(within(read).getByText('staff.read')).toBeInTheDocument();
    expect(within(read).getByText('director@example.test')).toBeInTheDocument();
    expect(within(read).getByText('Case')).toBeInTheDocument();
    expect(within(read).getByText('CASE-1001')).toBeInTheDocument();
    expect(within(read).getByText('User member@example.test')).toBeInTheDocument();
    expect(within(read).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(read).getByText('detail')).toBeInTheDocument();
    expect(within(read).getByRole('time')).toHaveAttribute('dateTime', staffRead.at);

    // No actor and no address: the system (a provider, a job) - in words in both columns.
    expect(within(system).getAllByText('System')).toHaveLength(2);
    expect(within(system).getByText('Payment confirmed')).toBeInTheDocument();
    expect(within(system).getByText('Payment of 25.00 USD')).toBeInTheDocument();
    expect(within(system).getByText('25.00')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 events · the end of the trail')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads more with the X-Next-Cursor of the last page until there is none', async () => {
    const { user, auditRequests } = await openAudit({
      pages: {
        '': { events: [event(0), event(1)], next: 'cursor-one' },
        'cursor-one': { events: [event(2), event(3)], next: 'cursor-two' },
        'cursor-two': { events: [event(4)] },
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('audit-event')).toHaveLength(2));
    expect(auditRequests[0]!.get('before')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-event')).toHaveLength(4));
    expect(auditRequests.at(-1)!.get('before')).toBe('cursor-one');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-event')).toHaveLength(5));
    expect(auditRequests.at(-1)!.get('before')).toBe('cursor-two');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 5 events · the end of the trail')).toBeInTheDocument();
  });

  it('sends the filters the API has (ids or addresses), and shows a mistyped one at its field without asking', async () => {
    const { user, auditRequests } = await openAudit();
    await screen.findAllByTestId('audit-event');
    const form = screen.getByRole('form', { name: 'Audit filters' });

    await user.type(within(form).getByLabelText('Actor (e-mail or account id)'), 'someone');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    expect(
      await within(form).findByText('actorId must be a user id (a UUID) or an e-mail address'),
    ).toBeInTheDocument();
    expect(auditRequests).toHaveLength(1);

    await user.clear(within(form).getByLabelText('Actor (e-mail or account id)'));
    await user.type(within(form).getByLabelText('Actor (e-mail or account id)'), DIRECTOR_ID);
    await user.type(
      within(form).getByLabelText('Subject user (e-mail or account id)'),
      'member@example.test',
    );
    await user.selectOptions(within(form).getByLabelText('Action'), 'auth.*');
    await user.type(within(form).getByLabelText('From'), '2026-11-01T09:30');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(auditRequests).toHaveLength(2));
    const sent = Object.fromEntries(auditRequests[1]!);
    expect(sent).toEqual({
      actorId: DIRECTOR_ID,
      subjectUserId: 'member@example.test',
      action: 'auth.*',
      from: new Date('2026-11-01T09:30').toISOString(),
    });

    // Clearing goes back to the whole trail (already read once: it comes from the cache).
    await user.click(within(form).getByRole('button', { name: 'Clear filters' }));
    expect(within(form).getByLabelText('Actor (e-mail or account id)')).toHaveValue('');
    expect(within(form).queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(auditRequests.every((params, index) => index === 1 || [...params.keys()].length === 0)).toBe(true);
  });

  it('narrows to a row’s actor or subject user with one click', async () => {
    const { user, auditRequests } = await openAudit();
    const [read] = await screen.findAllByTestId('audit-event');
    await user.click(within(read!).getByRole('button', { name: `Show only events about user ${MEMBER_ID}` }));
    await waitFor(() => expect(auditRequests.at(-1)!.get('subjectUserId')).toBe(MEMBER_ID));
    expect(screen.getByLabelText('Subject user (e-mail or account id)')).toHaveValue(MEMBER_ID);

    await user.click(
      within(screen.getAllByTestId('audit-event')[0]!).getByRole('button', {
        name: 'Show only events by director@example.test',
      }),
    );
    await waitFor(() => expect(auditRequests.at(-1)!.get('actorId')).toBe(DIRECTOR_ID));
    expect(auditRequests.at(-1)!.get('subjectUserId')).toBeNull();
  });

  it('names nobody signed in, not the system, as the actor of a failed sign-in', async () => {
    const failed = event(2, {
      action: 'auth.login_failed',
      actorId: null,
      actorEmail: null,
      subjectType: 'email',
      subjectId: 'someone@example.test',
      subjectUserId: null,
      subjectUserEmail: null,
      detail: { reason: 'unknown_email' },
      actionLabel: 'Sign-in failed',
      actorLabel: 'Not signed in',
      subjectLabel: 'someone@example.test',
    });
    await openAudit({ pages: { '': { events: [failed] } } });
    const [row] = await screen.findAllByTestId('audit-event');
    expect(within(row!).getByText('Not signed in')).toBeInTheDocument();
    expect(within(row!).getByText('someone@example.test')).toBeInTheDocument();
    expect(within(row!).queryByText('System')).not.toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    await openAudit({ pages: { '': { events: [] } } });
    expect(await screen.findByText('No events')).toBeInTheDocument();
    expect(screen.getByText('Nothing has been recorded yet.')).toBeInTheDocument();
  });

  it('shows the load error with a way to try again', async () => {
    const { user, auditRequests } = await openAudit({
      reply: { status: 500, json: { message: 'Internal error', code: 'INTERNAL' } },
    });
    expect(await screen.findByText('The audit trail could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(auditRequests.length).toBeGreaterThan(1));
  });

  it('tells a member below tier 4 what it takes, and never asks for the trail', async () => {
    const { auditRequests } = await openAudit({ user: { ...testUser, tier: 3, effectiveTier: 3 } });
    expect(
      await screen.findByText('Audit trail access requires Tier 4 clearance or higher.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Audit filters' })).not.toBeInTheDocument();
    expect(auditRequests).toHaveLength(0);
  });
});
