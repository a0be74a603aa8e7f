import type { PageViewEvent } from '@/features/analytics/api/report-page-views';
import { PAGE_VIEW_FLUSH_MS, PAGE_VIEW_FLUSH_SIZE, PAGE_VIEW_PATH_MAX } from '@/lib/constants';

export interface PageViewTransport {
  /** An ordinary request; its failure is ignored. */
  send: (events: PageViewEvent[]) => Promise<unknown>;
  /** A beacon for a page going away; false when the browser refused it. */
  beacon: (events: PageViewEvent[]) => boolean;
}

/**
 * Collects page views and sends them in batches: `flushMs` after the first one waiting, at once when `maxBatch`
 * are waiting, and on demand (`flush({ beacon: true })` when the page is hidden). Reporting never shows an error
 * and never retries: a lost batch only makes the figures a little low.
 */
export class PageViewBatcher {
  private queue: PageViewEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly transport: PageViewTransport;
  private readonly flushMs: number;
  private readonly maxBatch: number;

  constructor(
    transport: PageViewTransport,
    {
      flushMs = PAGE_VIEW_FLUSH_MS,
      maxBatch = PAGE_VIEW_FLUSH_SIZE,
    }: { flushMs?: number; maxBatch?: number } = {},
  ) {
    this.transport = transport;
    this.flushMs = flushMs;
    this.maxBatch = maxBatch;
  }

  add(path: string): void {
    this.queue.push({ path: path.slice(0, PAGE_VIEW_PATH_MAX) });
    if (this.queue.length >= this.maxBatch) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.flushMs);
  }

  flush({ beacon = false }: { beacon?: boolean } = {}): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return;
    // Never more than `maxBatch`: `add` flushes as soon as that many are waiting.
    const events = this.queue;
    this.queue = [];
    if (!(beacon && this.transport.beacon(events))) {
      this.transport.send(events).catch(() => {});
    }
  }
}
