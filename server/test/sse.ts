/**
 * A small server-sent events client over fetch, for tests against a listening app: it parses the stream as a
 * browser's EventSource does (fields `id`, `event`, `data`, comment lines), keeps every frame, and lets a test wait
 * for one. A frame with an id and no data is kept too (the browser dispatches nothing but takes its id).
 */
export interface SseFrame {
  id?: string;
  event: string;
  data: string;
}

export class SseStream {
  readonly frames: SseFrame[] = [];
  comments = 0;
  /** Resolves when the server ends the stream (or it is cut off). */
  readonly ended: Promise<void>;
  private waiters: (() => void)[] = [];
  private done = false;
  private readonly abort = new AbortController();

  private constructor(
    readonly status: number,
    readonly headers: Headers,
    body: ReadableStream<Uint8Array> | null,
  ) {
    this.ended = body ? this.read(body) : Promise.resolve();
  }

  static async open(
    url: string,
    options: { cookie?: string; lastEventId?: string } = {},
  ): Promise<SseStream> {
    const abort = new AbortController();
    const response = await fetch(url, {
      headers: {
        accept: 'text/event-stream',
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.lastEventId !== undefined ? { 'last-event-id': options.lastEventId } : {}),
      },
      signal: abort.signal,
    });
    const stream = new SseStream(response.status, response.headers, response.body);
    stream.abort.signal.addEventListener('abort', () => abort.abort());
    return stream;
  }

  get isEnded(): boolean {
    return this.done;
  }

  /** The frames that are events (they have data), as `{event, data}` with the data parsed. */
  events(): { id?: string; event: string; data: unknown }[] {
    return this.frames
      .filter((frame) => frame.data !== '')
      .map((frame) => ({ id: frame.id, event: frame.event, data: JSON.parse(frame.data) as unknown }));
  }

  /** The last id the stream gave (what a browser would send as Last-Event-ID). */
  lastId(): string | undefined {
    return this.frames.findLast((frame) => frame.id !== undefined)?.id;
  }

  /** Waits until `predicate` holds of the frames so far; fails after `ms` (a guard, not a measurement). */
  async until(predicate: (stream: SseStream) => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!predicate(this)) {
      if (this.done) throw new Error(`stream ended first; frames: ${JSON.stringify(this.frames)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; frames: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for an event of this name (and matching `match`), returning its parsed data. */
  async next(event: string, match: (data: unknown) => boolean = () => true, ms?: number): Promise<unknown> {
    let found: unknown;
    await this.until(
      () =>
        this.events().some((e) => {
          if (e.event !== event || !match(e.data)) return false;
          found = e.data;
          return true;
        }),
      ms,
    );
    return found;
  }

  close(): void {
    this.abort.abort();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        this.wake();
      }
    } catch {
      // Aborted or cut off: either way the stream has ended.
    } finally {
      this.done = true;
      this.wake();
    }
  }

  private parse(block: string): void {
    const frame: SseFrame = { event: 'message', data: '' };
    const data: string[] = [];
    let fields = 0;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments += 1;
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') frame.id = value;
      else if (field === 'event') frame.event = value;
      else if (field === 'data') data.push(value);
      else continue;
      fields += 1;
    }
    if (fields === 0) return;
    frame.data = data.join('\n');
    this.frames.push(frame);
  }
}
