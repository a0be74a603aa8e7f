import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DataExport } from '@contract/privacy';
import { DownloadDataCard } from '@/features/privacy/components/download-data-card';
import { mockFetch, testUser, type MockReply } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const DAY = 86_400_000;

function makeExport(overrides: Partial<DataExport> = {}): DataExport {
  const completedAt = new Date(Date.now() - 60_000).toISOString();
  return {
    id: 'exp-1',
    status: 'completed',
    progress: 100,
    error: null,
    sizeBytes: 20_480,
    createdAt: new Date(Date.now() - 120_000).toISOString(),
    completedAt,
    expiresAt: new Date(Date.parse(completedAt) + 7 * DAY).toISOString(),
    ...overrides,
  };
}

/** Serves the user and a list of exports that `list` may change between reads; the POST goes to `onPost`. */
function serve({ list, onPost }: { list: () => DataExport[]; onPost?: () => MockReply }) {
  return mockFetch(({ method, url }) => {
    if (url === '/api/auth/user') return { json: testUser };
    if (url === '/api/account/exports' && method === 'GET') return { json: list() };
    if (url === '/api/account/export' && method === 'POST' && onPost) return onPost();
    return undefined;
  });
}

const listReads = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/account/exports' && !init?.method?.match(/POST/))
    .length;

describe('the Download my data card', () => {
  it('lists finished exports with their download and expiry, expired ones without a link, and failed ones with why', async () => {
    serve({
      list: () => [
        makeExport({ id: 'ready' }),
        makeExport({
          id: 'old',
          createdAt: new Date(Date.now() - 9 * DAY).toISOString(),
          completedAt: new Date(Date.now() - 9 * DAY).toISOString(),
          expiresAt: new Date(Date.now() - 2 * DAY).toISOString(),
          sizeBytes: null,
        }),
        makeExport({
          id: 'broken',
          status: 'failed',
          progress: 30,
          error: 'Your data could not be collected. Please try again later.',
          sizeBytes: null,
          expiresAt: null,
        }),
      ],
    });
    renderWithProviders(<DownloadDataCard />);

    const list = await screen.findByRole('list', { name: 'Your exports' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);

    const ready = items[0]!;
    expect(ready).toHaveAccessibleName(/, Ready$/);
    expect(within(ready).getByRole('link', { name: 'Download JSON' })).toHaveAttribute(
      'href',
      '/api/account/exports/ready/download',
    );
    expect(within(ready).getByText(/20 KB/)).toBeInTheDocument();
    expect(within(ready).getByText(/Available until/)).toBeInTheDocument();

    const expired = items[1]!;
    expect(expired).toHaveAccessibleName(/, Expired$/);
    expect(within(expired).queryByRole('link')).toBeNull();
    expect(within(expired).getByText(/Start a new export/)).toBeInTheDocument();

    const failed = items[2]!;
    expect(failed).toHaveAccessibleName(/, Failed$/);
    expect(failed).toHaveTextContent(
      'This export failed: Your data could not be collected. Please try again later.',
    );
    expect(within(failed).queryByRole('link')).toBeNull();

    expect(screen.getByRole('button', { name: 'Export my data' })).toBeEnabled();
  });

  it('starts an export, shows its progress while it runs, polls until it is done and then stops', async () => {
    let exports: DataExport[] = [];
    let reads = 0;
    const posted: number[] = [];
    const fetchMock = serve({
      list: () => {
        reads += 1;
        if (exports.length > 0 && reads >= 4) {
          exports = [makeExport({ id: 'new' })];
        }
        return exports;
      },
      onPost: () => {
        posted.push(Date.now());
        exports = [
          makeExport({
            id: 'new',
            status: 'processing',
            progress: 40,
            sizeBytes: null,
            completedAt: null,
            expiresAt: null,
          }),
        ];
        return { status: 202, json: exports[0] };
      },
    });
    const actor = userEvent.setup();
    renderWithProviders(<DownloadDataCard />);
    expect(await screen.findByText('No exports yet')).toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(posted).toHaveLength(1);
    const running = await screen.findByRole('listitem', { name: /, Preparing$/ });
    expect(within(running).getByRole('progressbar', { name: 'Collecting your data: 40%' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    // A second export cannot be asked for while this one runs.
    expect(screen.getByRole('button', { name: 'Export running...' })).toBeDisabled();
    expect(await screen.findByText('Export started')).toBeInTheDocument();

    const done = await screen.findByRole('listitem', { name: /, Ready$/ }, { timeout: 6_000 });
    expect(within(done).getByRole('link', { name: 'Download JSON' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export my data' })).toBeEnabled();
    const readsWhenDone = listReads(fetchMock);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(listReads(fetchMock)).toBe(readsWhenDone);
  }, 12_000);

  it('says why when the export cannot be started', async () => {
    serve({
      list: () => [],
      onPost: () => ({
        status: 503,
        json: { message: 'The export could not be started. Please try again later.', code: 'UNAVAILABLE' },
      }),
    });
    const actor = userEvent.setup();
    renderWithProviders(<DownloadDataCard />);
    await actor.click(await screen.findByRole('button', { name: 'Export my data' }));
    await waitFor(() =>
      expect(
        screen.getByText('The export could not be started. Please try again later.'),
      ).toBeInTheDocument(),
    );
    expect(screen.getByText('No exports yet')).toBeInTheDocument();
  });
});
