import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT_EVENT } from '@contract/event-names';
import { AppLayout } from '@/app/layout/app-layout';
import { HINT_SETTLE_MS, userQueryKey } from '@/lib/auth';
import { EVENTS_PATH } from '@/lib/live-events';
import { mockFetch, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

/** jsdom has no EventSource: this one is opened, closed and fed by the test, as the server would. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server's frame `event: <type>` with `data`. */
  emit(type: string, data: unknown = {}): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

afterEach(() => {
  FakeEventSource.opened = [];
});

/**
 * The layout for a signed-in member (`user()` answers the user call), once its stream is open: the stream, the
 * mocked fetch and the query client.
 */
async function signedInLayout(user: () => typeof testUser) {
  vi.stubGlobal('EventSource', FakeEventSource);
  const fetchMock = mockFetch(({ url }) => {
    if (url === '/api/auth/user') return { json: user() };
    if (url === '/api/cart' || url === '/api/notifications') return { json: [] };
    return undefined;
  });
  const { queryClient } = renderWithProviders(
    <AppLayout>
      <h1>Page</h1>
    </AppLayout>,
  );
  await screen.findByRole('button', { name: 'Account menu' });
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
  const source = FakeEventSource.opened[0]!;
  expect(source.url).toBe(EVENTS_PATH);
  act(() => source.onopen?.());
  // What the layout asks as it opens, all asked before the test counts calls.
  const asked = () => fetchMock.mock.calls.map(([url]) => String(url));
  await waitFor(() =>
    expect(asked()).toEqual(expect.arrayContaining(['/api/auth/user', '/api/cart', '/api/notifications'])),
  );
  return { source, fetchMock, queryClient };
}

describe('the live event stream in the layout', () => {
  it('stops, and shows the page signed out without asking the server, when the stream says the session ended', async () => {
    const { source, fetchMock, queryClient } = await signedInLayout(() => testUser);
    const callsBefore = fetchMock.mock.calls.length;

    // The session expired (nothing else changed the browser's hint): after HINT_SETTLE_MS the page says so.
    act(() => source.emit(SIGNED_OUT_EVENT));

    expect(
      await screen.findByText(
        'Your session has ended. Sign in again to continue.',
        {},
        { timeout: HINT_SETTLE_MS + 2_000 },
      ),
    ).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: 'Sign in' })).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(queryClient.getQueryData(userQueryKey)).toBeNull();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    // The hint went with the session, and nothing was asked (each call would have been answered 401).
    expect(document.cookie).not.toContain('signed_in=');
    expect(fetchMock.mock.calls.slice(callsBefore).map(([url]) => String(url))).toEqual([]);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('follows a newer session when the browser signed in again meanwhile, and neither says signed out nor clears its hint', async () => {
    const second = { ...testUser, id: 'second-user', email: 'second@example.test' };
    let current = testUser;
    const { source: first, fetchMock, queryClient } = await signedInLayout(() => current);

    // Another tab signed in as someone else: the browser's hint is the new session's when the old one's stream ends.
    document.cookie = 'signed_in=0123456789abcdef; Path=/';
    current = second;
    const userCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/auth/user').length;
    const before = userCalls();
    act(() => first.emit(SIGNED_OUT_EVENT));

    await waitFor(() => expect(queryClient.getQueryData(userQueryKey)).toEqual(second));
    expect(userCalls()).toBe(before + 1);
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(document.cookie).toContain('signed_in=0123456789abcdef');
    expect(screen.queryByText('Your session has ended. Sign in again to continue.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });
});
