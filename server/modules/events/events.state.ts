import type { ServerResponse } from 'node:http';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import { EVENTS_HEARTBEAT_MS, RESET_EVENT, SIGNED_OUT_EVENT } from '../../../contract/events.js';
import type { AppContext } from '../../infra/context.js';
import type { ModuleState } from '../../infra/module.js';
import * as sessions from '../auth/sessions.service.js';
import type { ResolvedSession } from '../auth/sessions.service.js';
import * as repository from './events.repository.js';
import type { LiveEventRow } from './events.repository.js';

/**
 * A stream's whole unsent backlog may not pass this: a reader that stopped reading is cut off rather than letting
 * the instance's memory grow (design 12.6). Far above what a reader that reads ever holds (a few events).
 */
export const STREAM_BUFFER_LIMIT_BYTES = 256 * 1024;
/** Every open stream's session is checked this often (expiry, and any announcement that was lost). */
const SESSION_CHECK_MS = 4_000;
/** Open streams keep their sessions active, as the bell's polling did, touching them at most this often. */
const SESSION_TOUCH_MS = 60_000;
/** A replay sends at most this many events; a reader further behind is told to reset instead. */
const REPLAY_LIMIT = 1_000;

/** What a stream's reader may see: their id, effective tier and organisation, from the session. */
interface Reader {
  id: string;
  tier: number;
  organizationId: string | null;
}

const readerOf = ({ user }: ResolvedSession): Reader => ({
  id: user.id,
  tier: user.tier,
  organizationId: user.organization?.id ?? null,
});

/** The rule of `publishEvent`'s audience, for one reader. */
export function sees(reader: Reader, row: LiveEventRow): boolean {
  return (
    row.userId === reader.id ||
    (row.organizationId !== null && row.organizationId === reader.organizationId) ||
    (row.staff && reader.tier >= DIRECTOR_TIER)
  );
}

export function frameOf(row: LiveEventRow): string {
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(row.data)}\n\n`;
}

class LiveStream {
  /** Events that arrived while the replay was read, sent after it. */
  private waiting: LiveEventRow[] | null = [];
  /** The replay's ids: their announcements may still arrive after it, and are not sent twice. */
  private replayed: ReadonlySet<number> = new Set();
  private closed = false;

  constructor(
    private readonly hub: StreamHub,
    readonly sessionHash: string,
    public reader: Reader,
    private readonly response: ServerResponse,
  ) {}

  write(frame: string): void {
    if (this.closed) return;
    if (this.response.writableLength + frame.length > STREAM_BUFFER_LIMIT_BYTES) {
      // It does not read: cut it off; a reader that comes back reconnects and is replayed what it missed.
      this.response.destroy();
      this.hub.remove(this);
      return;
    }
    this.response.write(frame);
  }

  deliver(row: LiveEventRow): void {
    if (!sees(this.reader, row)) return;
    if (this.waiting) this.waiting.push(row);
    else if (!this.replayed.has(row.id)) this.write(frameOf(row));
  }

  /** The replay (or reset) is written: what waited goes out, once, and from now on events go out as they come. */
  started(replayed: ReadonlySet<number>): void {
    const waiting = this.waiting ?? [];
    this.waiting = null;
    this.replayed = replayed;
    for (const row of waiting) if (!replayed.has(row.id)) this.write(frameOf(row));
  }

  /** Ends the stream; `signedOut` when its session ended, so the page stops rather than reconnects. */
  close({ signedOut = false }: { signedOut?: boolean } = {}): void {
    if (this.closed) return;
    this.closed = true;
    this.hub.remove(this);
    this.response.end(signedOut ? `event: ${SIGNED_OUT_EVENT}\ndata: {}\n\n` : undefined);
  }
}

export type { LiveStream };

/**
 * This instance's open event streams (`ctx.modules.events`): fed by the change feed's `event:<id>` announcements
 * (one LISTEN connection per instance, shared with the caches), closed when their session ends, capped per user.
 */
export class StreamHub implements ModuleState {
  private readonly streams = new Set<LiveStream>();
  /** By user, oldest first: the per-user cap closes the first. */
  private readonly byUser = new Map<string, LiveStream[]>();
  private pending: number[] = [];
  private flushScheduled = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private sessionCheck: NodeJS.Timeout | null = null;
  private lastTouch = 0;

  constructor(private readonly ctx: AppContext) {
    ctx.changes.onChange((topic, key) => {
      if (topic === 'event') this.announced(key);
      else if (topic === 'session') this.recheck((stream) => stream.sessionHash === key);
      else if (topic === 'user') this.recheck((stream) => stream.reader.id === key);
      else if (topic === 'organization') this.recheck((stream) => stream.reader.organizationId === key);
    });
    // Announcements may have been lost while the feed was down: every stream ends, and its browser reconnects with
    // its last id and is replayed from the table.
    ctx.changes.onLiveness((live) => {
      if (!live) this.closeAll();
    });
  }

  get size(): number {
    return this.streams.size;
  }

  /** Whether new streams can be served: without the feed they would miss events. */
  get live(): boolean {
    return this.ctx.changes.live;
  }

  /**
   * Opens a stream on a response whose headers are written; replays from `lastEventId` (or resets), then sends
   * events as they commit.
   */
  async open(signedIn: ResolvedSession, response: ServerResponse, lastEventId: number | null): Promise<void> {
    const stream = new LiveStream(this, signedIn.session.idHash, readerOf(signedIn), response);
    for (;;) {
      const own = this.byUser.get(stream.reader.id) ?? [];
      if (own.length < this.ctx.config.EVENTS_MAX_STREAMS_PER_USER) break;
      own[0]!.close();
    }
    this.streams.add(stream);
    this.byUser.set(stream.reader.id, [...(this.byUser.get(stream.reader.id) ?? []), stream]);
    response.on('close', () => this.remove(stream));
    this.startTimers();

    const replayed = new Set<number>();
    try {
      const replay = await this.replay(stream.reader, lastEventId);
      if (replay === 'reset') {
        stream.write(`id: ${await repository.lastId(this.ctx.db)}\nevent: ${RESET_EVENT}\ndata: {}\n\n`);
      } else if (replay === 'none') {
        // No data: the browser dispatches nothing, but takes the id as where to resume from.
        stream.write(`id: ${lastEventId ?? (await repository.lastId(this.ctx.db))}\n\n`);
      } else {
        for (const row of replay) {
          replayed.add(row.id);
          stream.write(frameOf(row));
        }
      }
    } catch (error) {
      stream.close();
      throw error;
    }
    stream.started(replayed);
  }

  /**
   * What a reconnect missed: the reader's events after `lastEventId` when that event is within the replay window,
   * `none` when nothing was made after it, `reset` when what it missed may be older than the window (or too much).
   */
  private async replay(
    reader: Reader,
    lastEventId: number | null,
  ): Promise<LiveEventRow[] | 'none' | 'reset'> {
    if (lastEventId === null) return 'none';
    const since = new Date(Date.now() - this.ctx.config.EVENTS_REPLAY_SECONDS * 1000);
    const at = await repository.createdAtOf(this.ctx.db, lastEventId);
    if (at === null || at <= since) {
      return (await repository.lastId(this.ctx.db)) <= lastEventId ? 'none' : 'reset';
    }
    const rows = await repository.listAfter(
      this.ctx.db,
      { userId: reader.id, organizationId: reader.organizationId, staff: reader.tier >= DIRECTOR_TIER },
      lastEventId,
      since,
      REPLAY_LIMIT + 1,
    );
    return rows.length > REPLAY_LIMIT ? 'reset' : rows;
  }

  remove(stream: LiveStream): void {
    if (!this.streams.delete(stream)) return;
    const own = (this.byUser.get(stream.reader.id) ?? []).filter((other) => other !== stream);
    if (own.length > 0) this.byUser.set(stream.reader.id, own);
    else this.byUser.delete(stream.reader.id);
    if (this.streams.size === 0) this.stopTimers();
  }

  closeAll(): void {
    for (const stream of [...this.streams]) stream.close();
  }

  async close(): Promise<void> {
    this.closeAll();
    this.stopTimers();
  }

  /** An event committed: read with the others announced in the same turn, in one statement. */
  private announced(key: string): void {
    const id = Number(key);
    if (!Number.isSafeInteger(id) || this.streams.size === 0) return;
    this.pending.push(id);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    const ids = this.pending;
    this.pending = [];
    this.flushScheduled = false;
    let rows: LiveEventRow[];
    try {
      rows = await repository.findByIds(this.ctx.db, ids);
    } catch {
      // The database went away: the streams end and their browsers come back for a replay.
      this.closeAll();
      return;
    }
    for (const row of rows) {
      if (row.organizationId === null && !row.staff) {
        for (const stream of this.byUser.get(row.userId ?? '') ?? []) stream.deliver(row);
      } else {
        for (const stream of this.streams) stream.deliver(row);
      }
    }
  }

  /** Streams whose session, user or organisation changed read it again: ended, closed; else their reader anew. */
  private recheck(affected: (stream: LiveStream) => boolean): void {
    const streams = [...this.streams].filter(affected);
    for (const hash of new Set(streams.map((stream) => stream.sessionHash))) {
      void sessions.peekSession(this.ctx, hash).then(
        (found) => {
          for (const stream of streams.filter((s) => s.sessionHash === hash)) {
            if (found) stream.reader = readerOf(found);
            else stream.close({ signedOut: true });
          }
        },
        () => {},
      );
    }
  }

  /** Closes the streams whose session ended without an announcement reaching us (expiry, a lost notification). */
  private async checkSessions(): Promise<void> {
    const hashes = [...new Set([...this.streams].map((stream) => stream.sessionHash))];
    if (hashes.length === 0) return;
    const live = await sessions.liveSessionHashes(this.ctx, hashes);
    for (const stream of [...this.streams]) {
      if (!live.has(stream.sessionHash)) stream.close({ signedOut: true });
    }
    if (Date.now() - this.lastTouch >= SESSION_TOUCH_MS) {
      this.lastTouch = Date.now();
      await sessions.touchStreamSessions(this.ctx, [...live]);
    }
  }

  private startTimers(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const stream of [...this.streams]) stream.write(': ping\n\n');
    }, EVENTS_HEARTBEAT_MS);
    this.heartbeat.unref();
    this.sessionCheck = setInterval(() => void this.checkSessions().catch(() => {}), SESSION_CHECK_MS);
    this.sessionCheck.unref();
  }

  private stopTimers(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.sessionCheck) clearInterval(this.sessionCheck);
    this.heartbeat = null;
    this.sessionCheck = null;
  }
}

declare module '../../infra/context.js' {
  interface AppModules {
    events: StreamHub;
  }
}
