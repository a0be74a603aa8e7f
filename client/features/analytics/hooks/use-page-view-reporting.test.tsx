import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Link } from 'wouter';
import { usePageViewReporting } from '@/features/analytics/hooks/use-page-view-reporting';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function Shell() {
  usePageViewReporting();
  return (
    <nav>
      <Link href="/marketplace">Marketplace</Link>
      <Link href="/team">Team</Link>
    </nav>
  );
}

function batches(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/analytics/events' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as { events: { path: string }[] });
}

describe('page-view reporting', () => {
  it('posts the routes seen as one JSON batch after 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch(({ url }) =>
      url === '/api/analytics/events' ? { status: 202, json: { accepted: 3 } } : undefined,
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<Shell />, { path: '/' });
    await user.click(screen.getByRole('link', { name: 'Marketplace' }));
    await user.click(screen.getByRole('link', { name: 'Team' }));
    expect(batches(fetchMock)).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(batches(fetchMock)).toEqual([
      { events: [{ path: '/' }, { path: '/marketplace' }, { path: '/team' }] },
    ]);
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/analytics/events')!;
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends what is waiting with a JSON beacon when the page is hidden', async () => {
    const fetchMock = mockFetch(() => undefined);
    const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      renderWithProviders(<Shell />, { path: '/settings' });
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      expect(sendBeacon).toHaveBeenCalledOnce();
      const [url, body] = sendBeacon.mock.calls[0]!;
      expect(url).toBe('/api/analytics/events');
      expect(body).toBeInstanceOf(Blob);
      expect((body as Blob).type).toBe('application/json');
      expect(JSON.parse(await (body as Blob).text())).toEqual({ events: [{ path: '/settings' }] });
      expect(batches(fetchMock)).toHaveLength(0);
    } finally {
      visibility.mockRestore();
      Reflect.deleteProperty(navigator, 'sendBeacon');
    }
  });
});
