import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageViewEvent } from '@/features/analytics/api/report-page-views';
import { PageViewBatcher } from '@/features/analytics/utils/page-view-batcher';

function transport({ beaconAccepted = true } = {}) {
  return {
    send: vi.fn((_events: PageViewEvent[]) => Promise.resolve()),
    beacon: vi.fn((_events: PageViewEvent[]) => beaconAccepted),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('PageViewBatcher', () => {
  it('sends the views it collected as one batch 10 s after the first', () => {
    const sink = transport();
    const batcher = new PageViewBatcher(sink);
    batcher.add('/');
    vi.advanceTimersByTime(4000);
    batcher.add('/marketplace');
    vi.advanceTimersByTime(5999);
    expect(sink.send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sink.send).toHaveBeenCalledExactlyOnceWith([{ path: '/' }, { path: '/marketplace' }]);
    vi.advanceTimersByTime(60_000);
    expect(sink.send).toHaveBeenCalledOnce();
  });

  it('sends at once when 20 are waiting', () => {
    const sink = transport();
    const batcher = new PageViewBatcher(sink);
    for (let index = 0; index < 20; index += 1) batcher.add(`/page/${index}`);
    expect(sink.send).toHaveBeenCalledOnce();
    expect(sink.send.mock.calls[0]![0]).toHaveLength(20);
    batcher.add('/after');
    vi.advanceTimersByTime(10_000);
    expect(sink.send).toHaveBeenLastCalledWith([{ path: '/after' }]);
  });

  it('uses a beacon when asked, and falls back to a request when the browser refuses it', () => {
    const sink = transport();
    const batcher = new PageViewBatcher(sink);
    batcher.add('/settings');
    batcher.flush({ beacon: true });
    expect(sink.beacon).toHaveBeenCalledWith([{ path: '/settings' }]);
    expect(sink.send).not.toHaveBeenCalled();

    const refused = transport({ beaconAccepted: false });
    const other = new PageViewBatcher(refused);
    other.add('/mobile');
    other.flush({ beacon: true });
    expect(refused.send).toHaveBeenCalledWith([{ path: '/mobile' }]);
  });

  it('sends nothing when nothing is waiting, cuts long paths and ignores failures', async () => {
    const sink = {
      send: vi.fn((_events: PageViewEvent[]) => Promise.reject(new Error('offline'))),
      beacon: vi.fn(() => true),
    };
    const batcher = new PageViewBatcher(sink);
    batcher.flush();
    expect(sink.send).not.toHaveBeenCalled();
    batcher.add(`/${'x'.repeat(400)}`);
    batcher.flush();
    expect(sink.send.mock.calls[0]![0]).toEqual([{ path: `/${'x'.repeat(299)}` }]);
    await vi.runAllTimersAsync();
  });
});
