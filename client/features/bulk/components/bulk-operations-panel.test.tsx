import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiKey } from '@contract/api-keys';
import type { BulkOperation } from '@contract/bulk';
import type { Case } from '@contract/cases';
import { runningSla } from '@contract/service-levels';
import type { Notification } from '@contract/notifications';
import { BulkOperationsPanel } from '@/features/bulk/components/bulk-operations-panel';
import { mockFetch, testUser, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const director = { ...testUser, id: 'u_dir', tier: 4, effectiveTier: 4 };

function makeOperation(overrides: Partial<BulkOperation> = {}): BulkOperation {
  return {
    id: 'op-1',
    type: 'notifications_read',
    status: 'completed',
    totalItems: 5,
    processedItems: 5,
    failedItems: 0,
    errors: [],
    error: null,
    hasOutput: false,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    completedAt: new Date().toISOString(),
    ...overrides,
  };
}

const notification = (id: string, isRead: boolean): Notification => ({
  id,
  type: 'other',
  priority: 'normal',
  title: `Note ${id}`,
  message: 'Details',
  isRead,
  actionUrl: null,
  createdAt: '2026-01-15T10:00:00.000Z',
});

const apiKey = (id: string, name: string, isActive = true): ApiKey => ({
  id,
  name,
  keyPrefix: `ik_${id}`,
  permissions: ['read'],
  expiresAt: null,
  isActive,
  createdAt: '2026-01-15T10:00:00.000Z',
  lastUsed: null,
});

const aCase = (id: string, caseNumber: string, status: Case['status']): Case => ({
  id,
  caseNumber,
  title: `Matter ${caseNumber}`,
  description: 'A description long enough for a case.',
  category: 'investigation',
  priority: 'medium',
  status,
  deadline: null,
  clientRequirements: null,
  assignedAgentId: null,
  assignedAgent: null,
  estimatedCost: null,
  sla: runningSla('case', 1, new Date('2026-01-15T10:00:00.000Z')),
  tasks: { done: 0, total: 0 },
  attackTechniques: [],
  mergedInto: null,
  visibility: 'private',
  mine: true,
  createdAt: '2026-01-15T10:00:00.000Z',
  updatedAt: '2026-01-15T10:00:00.000Z',
});

/** Serves the user and a list of operations that `list` may change between reads; POSTs go to `onPost`. */
function serve({
  user = testUser,
  list,
  onPost,
  other,
}: {
  user?: typeof testUser;
  list: () => BulkOperation[];
  onPost?: (body: unknown) => MockReply;
  other?: (request: MockRequest) => MockReply | undefined;
}) {
  return mockFetch((request) => {
    const { method, url } = request;
    if (url === '/api/auth/user') return { json: user };
    if (url === '/api/bulk/operations' && method === 'GET') return { json: list() };
    if (url === '/api/bulk/operations' && method === 'POST' && onPost) return onPost(request.body);
    return other?.(request);
  });
}

const listReads = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/bulk/operations' && !init?.method?.match(/POST/))
    .length;

async function openDialog() {
  const actor = userEvent.setup();
  await actor.click(await screen.findByRole('button', { name: 'New Bulk Operation' }));
  const dialog = await screen.findByRole('dialog', { name: 'New Bulk Operation' });
  return { actor, dialog };
}

describe('the Bulk Operations tab', () => {
  it('shows each operation with its status, progress, failed count, item errors and an export’s download', async () => {
    serve({
      list: () => [
        makeOperation({
          id: 'op-export',
          type: 'case_export',
          totalItems: 3,
          processedItems: 3,
          failedItems: 1,
          errors: [{ index: 1, error: 'Case not found' }],
          hasOutput: true,
        }),
        makeOperation({
          id: 'op-failed',
          type: 'api_key_revoke',
          status: 'failed',
          totalItems: 2,
          processedItems: 2,
          failedItems: 2,
          errors: [
            { index: 0, error: 'API key not found' },
            { index: 1, error: 'API key not found' },
          ],
          error: 'None of the 2 items could be processed',
        }),
      ],
    });
    const actor = userEvent.setup();
    renderWithProviders(<BulkOperationsPanel />);

    const exportItem = await screen.findByRole('listitem', { name: 'Case export (CSV), Completed' });
    expect(within(exportItem).getByText('3 / 3 processed')).toBeInTheDocument();
    expect(within(exportItem).getByText('1 failed')).toBeInTheDocument();
    expect(within(exportItem).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/bulk/operations/op-export/output',
    );
    expect(within(exportItem).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
    expect(within(exportItem).queryByText('Case not found')).not.toBeVisible();
    await actor.click(within(exportItem).getByText('Show 1 item error'));
    expect(within(exportItem).getByText('Case not found')).toBeVisible();
    expect(within(exportItem).getByText('Item 2:')).toBeInTheDocument();

    const failed = screen.getByRole('listitem', { name: 'Revoke API keys, Failed' });
    expect(within(failed).getByRole('alert')).toHaveTextContent('None of the 2 items could be processed');
    expect(within(failed).getByText('Show 2 item errors')).toBeInTheDocument();
    expect(within(failed).queryByRole('link', { name: 'Download CSV' })).toBeNull();
  });

  it('polls while an operation runs, shows its progress moving, refreshes what it changed and stops polling', async () => {
    let reads = 0;
    const fetchMock = serve({
      list: () => {
        reads += 1;
        if (reads === 1)
          return [makeOperation({ status: 'processing', processedItems: 2, completedAt: null })];
        return [makeOperation({ status: 'completed', processedItems: 5, failedItems: 1 })];
      },
    });
    const { queryClient } = renderWithProviders(<BulkOperationsPanel />);
    queryClient.setQueryData(['/api/notifications'], []);
    const running = await screen.findByRole('listitem', { name: 'Mark notifications read, Processing' });
    expect(within(running).getByText('2 / 5 processed')).toBeInTheDocument();

    const done = await screen.findByRole(
      'listitem',
      { name: 'Mark notifications read, Completed' },
      { timeout: 4_000 },
    );
    expect(within(done).getByText('5 / 5 processed')).toBeInTheDocument();
    expect(within(done).getByText('1 failed')).toBeInTheDocument();
    // The bell's list is stale now that the operation has marked notifications read.
    await waitFor(() => expect(queryClient.getQueryState(['/api/notifications'])?.isInvalidated).toBe(true));
    const readsWhenDone = listReads(fetchMock);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(listReads(fetchMock)).toBe(readsWhenDone);
  });

  it('offers a tier 2 user the three everyday types and marks all unread notifications read', async () => {
    const posted: unknown[] = [];
    serve({
      list: () => [],
      onPost: (body) => {
        posted.push(body);
        return { status: 202, json: makeOperation({ status: 'pending', totalItems: 2, processedItems: 0 }) };
      },
      other: ({ url }) =>
        url === '/api/notifications?limit=200'
          ? { json: [notification('n1', false), notification('n2', true), notification('n3', false)] }
          : undefined,
    });
    renderWithProviders(<BulkOperationsPanel />);
    expect(await screen.findByText('No bulk operations yet')).toBeInTheDocument();
    const { actor, dialog } = await openDialog();

    const options = within(within(dialog).getByLabelText('Operation')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Mark all unread notifications read',
      'Revoke selected API keys',
      'Export my cases (CSV)',
    ]);
    expect(
      await within(dialog).findByText('2 unread notifications will be marked read.'),
    ).toBeInTheDocument();
    await actor.click(within(dialog).getByRole('button', { name: 'Start operation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([{ type: 'notifications_read', items: ['n1', 'n3'] }]);
  });

  it('revokes only the selected active keys', async () => {
    const posted: unknown[] = [];
    serve({
      list: () => [],
      onPost: (body) => {
        posted.push(body);
        return { status: 202, json: makeOperation({ type: 'api_key_revoke', status: 'pending' }) };
      },
      other: ({ url }) =>
        url === '/api/api-keys?limit=200'
          ? {
              json: [
                apiKey('k1', 'Deploy bot'),
                apiKey('k2', 'Old script', false),
                apiKey('k3', 'Backup bot'),
              ],
            }
          : undefined,
    });
    renderWithProviders(<BulkOperationsPanel />);
    const { actor, dialog } = await openDialog();
    await actor.selectOptions(within(dialog).getByLabelText('Operation'), 'Revoke selected API keys');
    const start = within(dialog).getByRole('button', { name: 'Start operation' });
    await actor.click(await within(dialog).findByRole('checkbox', { name: 'Backup bot (ik_k3…)' }));
    expect(within(dialog).queryByText(/Old script/)).toBeNull();
    expect(start).toBeEnabled();
    await actor.click(start);
    await waitFor(() => expect(posted).toEqual([{ type: 'api_key_revoke', items: ['k3'] }]));
  });

  it('lets a Director move selected cases to a status and shows the server’s refusal in the dialog', async () => {
    const posted: unknown[] = [];
    serve({
      user: director,
      list: () => [],
      onPost: (body) => {
        posted.push(body);
        return {
          status: 400,
          json: {
            message: 'Choose at least one case',
            code: 'VALIDATION_FAILED',
            issues: [{ path: 'items', message: 'At most 500 cases per operation' }],
          },
        };
      },
      other: ({ url }) =>
        url === '/api/cases?limit=200&scope=all'
          ? { json: [aCase('c1', 'CASE-1', 'open'), aCase('c2', 'CASE-2', 'pending_review')] }
          : undefined,
    });
    renderWithProviders(<BulkOperationsPanel />);
    const { actor, dialog } = await openDialog();
    const select = within(dialog).getByLabelText('Operation');
    expect(within(select).getAllByRole('option')).toHaveLength(5);
    await actor.selectOptions(select, 'Change the status of selected cases');
    await actor.click(await within(dialog).findByRole('checkbox', { name: 'Select all (2)' }));
    await actor.selectOptions(within(dialog).getByLabelText('New status'), 'completed');
    await actor.click(within(dialog).getByRole('button', { name: 'Start operation' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'At most 500 cases per operation (items)',
    );
    expect(posted).toEqual([
      {
        type: 'case_status',
        items: [
          { caseId: 'c1', status: 'completed' },
          { caseId: 'c2', status: 'completed' },
        ],
      },
    ]);
  });

  it('imports STIX bundle files as a Director, one item per file, and names a file that is not JSON', async () => {
    const posted: unknown[] = [];
    serve({
      user: director,
      list: () => [],
      onPost: (body) => {
        posted.push(body);
        return { status: 202, json: makeOperation({ type: 'threat_import', status: 'pending' }) };
      },
    });
    renderWithProviders(<BulkOperationsPanel />);
    const { actor, dialog } = await openDialog();
    await actor.selectOptions(within(dialog).getByLabelText('Operation'), 'Import STIX bundle files');
    const bundle = { type: 'bundle', id: 'bundle--0b5d4f5e-8d45-4c1c-9d77-1a2b3c4d5e6f', objects: [] };
    await actor.upload(within(dialog).getByLabelText(/STIX 2.1 bundle files/), [
      new File([JSON.stringify(bundle)], 'feed.json', { type: 'application/json' }),
      new File(['not json'], 'notes.json', { type: 'application/json' }),
    ]);
    expect(await within(dialog).findByText('1 bundle ready to import.')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('notes.json is not valid JSON');
    await actor.click(within(dialog).getByRole('button', { name: 'Start operation' }));
    await waitFor(() => expect(posted).toEqual([{ type: 'threat_import', items: [bundle] }]));
  });

  it('exports my cases without listing them, and has nothing to start when there are none', async () => {
    const posted: unknown[] = [];
    let cases = [aCase('c1', 'CASE-1', 'open')];
    serve({
      list: () => [],
      onPost: (body) => {
        posted.push(body);
        return { status: 202, json: makeOperation({ type: 'case_export', status: 'pending' }) };
      },
      other: ({ url }) => (url === '/api/cases?limit=200' ? { json: cases } : undefined),
    });
    const { queryClient } = renderWithProviders(<BulkOperationsPanel />);
    const { actor, dialog } = await openDialog();
    await actor.selectOptions(within(dialog).getByLabelText('Operation'), 'Export my cases (CSV)');
    expect(
      await within(dialog).findByText('All 1 of your cases will be exported to a CSV file you can download.'),
    ).toBeInTheDocument();
    await actor.click(within(dialog).getByRole('button', { name: 'Start operation' }));
    await waitFor(() => expect(posted).toEqual([{ type: 'case_export' }]));

    cases = [];
    await queryClient.invalidateQueries({ queryKey: ['/api/cases'] });
    const again = await openDialog();
    await again.actor.selectOptions(
      within(again.dialog).getByLabelText('Operation'),
      'Export my cases (CSV)',
    );
    expect(await within(again.dialog).findByText('You have no cases to export.')).toBeInTheDocument();
    expect(within(again.dialog).getByRole('button', { name: 'Start operation' })).toBeDisabled();
  });
});
