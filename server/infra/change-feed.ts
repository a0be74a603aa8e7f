import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DbOrTx } from '../db/client.js';
import { LoadingCache } from '../lib/loading-cache.js';

/**
 * What changed: a row's topic and key, or `words` (the search's word list, migration 0023; no key).
 * `organization`: an enterprise client's name, domain or tier, or the client itself (migration 0025).
 * `event`: a live event committed to the outbox, by its id (server/modules/events, decision 039).
 */
export type ChangeTopic = 'user' | 'session' | 'cart' | 'product' | 'words' | 'organization' | 'event';
export type ChangeListener = (topic: ChangeTopic, key: string) => void;
/** Called when the feed goes live or stops being live; caches drop everything on either. */
export type LivenessListener = (live: boolean) => void;

const CHANNEL = 'app_changes';
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * Announces a change from the app, for the hot writes the triggers leave out (migration 0008). Call it after the
 * transaction committed: a notification inside a write transaction would make commits wait for one another. A lost
 * announcement (the database just went away) leaves other instances' copies to expire with their time to live;
 * their own feeds are then down too, so they read through anyway.
 */
export async function announceChange(db: DbOrTx, topic: ChangeTopic, key: string): Promise<void> {
  await db.execute(sql`select pg_notify('app_changes', ${`${topic}:${key}`})`).catch(() => {});
}

/**
 * The database's change announcements (migration 0008: triggers notify `app_changes` with `<topic>:<key>` after
 * each commit) on one dedicated connection. Caches built on it are only used while the feed is live: a lost
 * connection could have lost notifications, so they drop everything and read through until it is back.
 * Without a URL the feed is never live and its caches always read through.
 */
export class ChangeFeed {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<ChangeListener>();
  private readonly livenessListeners = new Set<LivenessListener>();
  private barrierCount = 0;
  private readonly barriers = new Map<string, () => void>();
  /** The last marker's query (settled), which the next one waits for. */
  private markerSent: Promise<unknown> = Promise.resolve();
  live = false;

  constructor(private readonly url: string | null) {}

  onChange(listener: ChangeListener): void {
    this.listeners.add(listener);
  }

  onLiveness(listener: LivenessListener): void {
    this.livenessListeners.add(listener);
  }

  /** Connects and listens; resolves once live (or at once without a URL). Reconnects by itself after a loss. */
  async start(): Promise<void> {
    if (!this.url || this.stopped) return;
    const client = new pg.Client({ connectionString: this.url, application_name: 'change-feed' });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) this.dispatch(message.payload);
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch {
      this.lost(client);
      return;
    }
    if (this.client !== client) return;
    this.retryMs = RECONNECT_MIN_MS;
    this.setLive(true);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.setLive(false);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  /**
   * Resolves once every change committed before the call has been dispatched: notifications arrive in commit
   * order, so our own marker coming back means the earlier ones are through. For code that writes behind the
   * app's back (tests, scripts) and then reads through it.
   */
  async settled(): Promise<void> {
    const client = this.client;
    if (!this.live || !client) return;
    const marker = `barrier:${process.pid}.${++this.barrierCount}`;
    const arrived = new Promise<void>((resolve) => this.barriers.set(marker, resolve));
    // One marker at a time on the feed's one connection: a client asked a query while busy queues it, which pg
    // warns of and pg 9 refuses.
    const sent = this.markerSent.then(() => client.query('SELECT pg_notify($1, $2)', [CHANNEL, marker]));
    this.markerSent = sent.catch(() => undefined);
    await sent;
    await arrived;
  }

  private dispatch(payload: string): void {
    const separator = payload.indexOf(':');
    const topic = payload.slice(0, separator);
    const key = payload.slice(separator + 1);
    if (topic === 'barrier') {
      this.barriers.get(payload)?.();
      this.barriers.delete(payload);
      return;
    }
    for (const listener of this.listeners) listener(topic as ChangeTopic, key);
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.setLive(false);
    client.end().catch(() => {});
    for (const resolve of this.barriers.values()) resolve();
    this.barriers.clear();
    if (this.stopped) return;
    this.retryTimer = setTimeout(() => void this.start(), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }

  private setLive(live: boolean): void {
    if (this.live === live) return;
    this.live = live;
    for (const listener of this.livenessListeners) listener(live);
  }
}

/**
 * An in-process cache kept coherent by the change feed: entries live at most `ttlMs`, are dropped when the
 * database announces a change to them, and nothing is kept or shared while the feed is not live. Concurrent asks
 * for a missing key share one load (`LoadingCache`); a load that overlapped an invalidation is answered but neither
 * shared nor stored, so a read that began before a write cannot put stale data back. A load that finds nothing
 * (null) is not stored either: unknown keys must not fill the cache.
 */
export class CoherentCache<V extends object> {
  private readonly entries: LoadingCache<string, V>;

  constructor(
    private readonly feed: ChangeFeed,
    ttlMs: number,
    maxEntries: number,
  ) {
    this.entries = new LoadingCache(ttlMs, maxEntries);
    feed.onLiveness(() => this.clear());
  }

  async get<L extends V | null>(key: string, load: () => Promise<L>): Promise<V | L> {
    return this.feed.live ? this.entries.get(key, load) : load();
  }

  /**
   * Several keys at once: those neither cached nor loading are loaded together by `load`, which answers in the order
   * of the keys it is given; each key's part of it is shared and stored on the same terms as `get`'s loads.
   */
  async getMany(keys: readonly string[], load: (missing: string[]) => Promise<V[]>): Promise<V[]> {
    if (!this.feed.live) {
      const unique = [...new Set(keys)];
      const values = await load(unique);
      const byKey = new Map(unique.map((key, i) => [key, values[i]!]));
      return keys.map((key) => byKey.get(key)!);
    }
    const missing: string[] = [];
    const batch = Promise.withResolvers<V[]>();
    const answers = keys.map((key) =>
      this.entries.get(key, async () => {
        const index = missing.push(key) - 1;
        return (await batch.promise)[index]!;
      }),
    );
    if (missing.length > 0) load(missing).then(batch.resolve, batch.reject);
    return Promise.all(answers);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Replaces a cached value in place (e.g. a session's last-seen time after a touch), if it is cached. */
  update(key: string, change: (value: V) => V): void {
    this.entries.update(key, change);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  deleteWhere(predicate: (value: V, key: string) => boolean): void {
    this.entries.deleteWhere(predicate);
  }

  clear(): void {
    this.entries.clear();
  }
}
