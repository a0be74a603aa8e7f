import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { liveEvents, sessions } from '../../db/schema/index.js';
import { setUserTier } from '../../test/fixtures.js';
import {
  asUser,
  createInstanceContext,
  createTestApp,
  registerUser,
  type TestApp,
} from '../../test/helpers.js';
import { SIGNED_OUT_EVENT } from '../../../contract/events.js';
import { SseStream } from '../../test/sse.js';
import { announceChange } from '../../infra/change-feed.js';
import * as notifications from '../notifications/notifications.service.js';
import { publishEvent } from './events.service.js';

type Account = Awaited<ReturnType<typeof registerUser>>;

let t: TestApp;
let base: string;
let director: Account;
const open: SseStream[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_REGISTER_MAX: '1000', EVENTS_MAX_STREAMS_PER_USER: '3' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  director = await registerUser(t.app);
  await setUserTier(t, director.id, 4);
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await t.close();
});

async function stream(
  who: { cookie: string } | null,
  options: { lastEventId?: string; url?: string } = {},
): Promise<SseStream> {
  const s = await SseStream.open(`${options.url ?? base}/api/events`, {
    cookie: who?.cookie,
    lastEventId: options.lastEventId,
  });
  open.push(s);
  if (s.status === 200) await s.until((x) => x.lastId() !== undefined);
  return s;
}

/** A notification written the way every producer writes one: in a transaction, with its live event. */
const tell = (userId: string, title: string) =>
  t.ctx.db.transaction((tx) =>
    notifications.notify(t.ctx, tx, { userId, type: 'other', title, message: title }),
  );

const titles = (s: SseStream) =>
  s
    .events()
    .filter((e) => e.event === 'notification')
    .map((e) => (e.data as { title: string }).title);

async function openCase(owner: Account, visibility?: 'organization') {
  const response = await asUser(t.app, owner).post('/api/cases', {
    title: 'Leaked tender documents',
    description: 'Our tender documents appeared on a competitor desk within a day of submission.',
    category: 'investigation',
    ...(visibility ? { visibility } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; caseNumber: string }>();
}

describe('GET /api/events', () => {
  it('answers 401 without a session and streams text/event-stream with an id to a signed-in browser', async () => {
    const anonymous = await stream(null);
    expect(anonymous.status).toBe(401);

    const user = await registerUser(t.app);
    const s = await stream(user);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('x-request-id')).toBeTruthy();
    expect(Number(s.lastId())).toBeGreaterThanOrEqual(0);

    const note = await tell(user.id, 'Hello live');
    const data = await s.next('notification');
    expect(data).toEqual(note);
    const frame = s.frames.find((f) => f.event === 'notification')!;
    expect(Number(frame.id)).toBeGreaterThan(0);
    s.close();
  });

  it('never sends a rolled-back change, and sends the committed one after it', async () => {
    const user = await registerUser(t.app);
    const s = await stream(user);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await notifications.notify(t.ctx, tx, {
          userId: user.id,
          type: 'other',
          title: 'undone',
          message: 'x',
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await tell(user.id, 'kept');
    await s.next('notification', (d) => (d as { title: string }).title === 'kept');
    expect(titles(s)).toEqual(['kept']);
    s.close();
  });

  it("shows no one another user's events", async () => {
    const [alice, bob] = [await registerUser(t.app), await registerUser(t.app)];
    const s = await stream(bob);
    await tell(alice.id, 'for alice');
    await tell(bob.id, 'for bob');
    await s.next('notification');
    expect(titles(s)).toEqual(['for bob']);
    s.close();
  });

  it('replays what a reconnect missed after Last-Event-ID, and only its own', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const first = await stream(user);
    await tell(user.id, 'seen');
    await first.next('notification');
    const last = first.lastId()!;
    first.close();

    await tell(user.id, 'missed one');
    await tell(other.id, 'not yours');
    await tell(user.id, 'missed two');

    const again = await stream(user, { lastEventId: last });
    await again.until((s) => titles(s).length === 2);
    expect(titles(again)).toEqual(['missed one', 'missed two']);
    expect(again.events().some((e) => e.event === 'reset')).toBe(false);

    // A replayed event's announcement may arrive after its replay (it is read on another connection): not sent twice.
    const replayed = again.frames.filter((f) => f.event === 'notification').map((f) => f.id!);
    for (const id of replayed) await announceChange(t.ctx.db, 'event', id);
    await tell(user.id, 'live');
    await again.next('notification', (d) => (d as { title: string }).title === 'live');
    expect(titles(again)).toEqual(['missed one', 'missed two', 'live']);
    again.close();
  });

  it('sends reset when Last-Event-ID is older than the replay window, and treats a malformed one as none', async () => {
    const user = await registerUser(t.app);
    const s = await stream(user);
    await tell(user.id, 'old');
    await s.next('notification');
    const old = s.lastId()!;
    s.close();
    await t.database.db
      .update(liveEvents)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(liveEvents.id, Number(old)));
    // Its announcement reaches the open witness, so it cannot arrive later on the stream below as a live event.
    const witness = await stream(user);
    await tell(user.id, 'after the window');
    await witness.next('notification');
    witness.close();

    const stale = await stream(user, { lastEventId: old });
    await stale.next('reset');
    expect(titles(stale)).toEqual([]);
    stale.close();

    for (const malformed of ['abc', '-1', '1e5', '99999999999999999999', ' ']) {
      const s2 = await stream(user, { lastEventId: malformed });
      expect(s2.status).toBe(200);
      await tell(user.id, `after ${malformed}`);
      await s2.next('notification');
      // Treated as none: no replay of the earlier events and no reset.
      expect(titles(s2)).toEqual([`after ${malformed}`]);
      expect(s2.events().some((e) => e.event === 'reset')).toBe(false);
      s2.close();
    }
  });

  it("sends case updates to the owner and the organisation's members, never an internal note; Directors get both", async () => {
    const domain = `live-${randomBytes(3).toString('hex')}.test`;
    const owner = await registerUser(t.app, { email: `owner@${domain}` });
    const colleague = await registerUser(t.app, { email: `colleague@${domain}` });
    const outsider = await registerUser(t.app);
    const client = (
      await asUser(t.app, director).post('/api/enterprise/clients', {
        name: 'Live Ltd',
        domain,
        tier: 2,
        autoJoin: false,
      })
    ).json<{ id: string }>();
    for (const [who, role] of [
      [owner, 'owner'],
      [colleague, 'member'],
    ] as const) {
      const seated = await asUser(t.app, director).post(`/api/enterprise/clients/${client.id}/members`, {
        email: who.email,
        role,
      });
      expect(seated.statusCode, seated.body).toBe(201);
    }
    const shared = await openCase(owner, 'organization');

    const streams = {
      owner: await stream(owner),
      colleague: await stream(colleague),
      outsider: await stream(outsider),
      director: await stream(director),
    };
    const internal = await asUser(t.app, director).post(`/api/cases/${shared.id}/updates`, {
      updateType: 'internal_note',
      content: 'Suspect the courier.',
    });
    expect(internal.statusCode, internal.body).toBe(201);
    const reply = await asUser(t.app, director).post(`/api/cases/${shared.id}/updates`, {
      updateType: 'comment',
      content: 'We have started.',
    });
    expect(reply.statusCode, reply.body).toBe(201);

    const caseEvents = (s: SseStream) => s.events().filter((e) => e.event === 'case.updated');
    await streams.director.until((s) => caseEvents(s).length === 2);
    await streams.owner.next('notification');
    await streams.owner.until((s) => caseEvents(s).length === 1);
    await streams.colleague.until((s) => caseEvents(s).length === 1);
    expect(caseEvents(streams.owner)[0]!.data).toEqual({ caseId: shared.id });
    expect(caseEvents(streams.colleague)[0]!.data).toEqual({ caseId: shared.id });
    // The colleague reads the case but is not its owner: no notification of theirs.
    expect(titles(streams.colleague)).toEqual([]);

    // Whatever the outsider gets comes before this marker: nothing of the case.
    await tell(outsider.id, 'marker');
    await streams.outsider.next('notification');
    expect(streams.outsider.events().map((e) => e.event)).toEqual(['notification']);
    // The owner and colleague got one case.updated each, not two: the internal note made none for them.
    await tell(owner.id, 'owner marker');
    await streams.owner.next('notification', (d) => (d as { title: string }).title === 'owner marker');
    expect(caseEvents(streams.owner)).toHaveLength(1);
    for (const s of Object.values(streams)) s.close();
  });

  it('closes the oldest stream beyond EVENTS_MAX_STREAMS_PER_USER', async () => {
    const user = await registerUser(t.app);
    const streams = [await stream(user), await stream(user), await stream(user)];
    const fourth = await stream(user);
    await streams[0]!.ended;
    // Its session goes on: its page may reconnect, so the stream is not told it was signed out.
    expect(streams[0]!.frames.some((frame) => frame.event === SIGNED_OUT_EVENT)).toBe(false);
    expect(streams.slice(1).every((s) => !s.isEnded)).toBe(true);
    expect(fourth.isEnded).toBe(false);
    for (const s of [...streams, fourth]) s.close();
  });

  it('ends a stream within 5 s when its session ends: sign-out, expiry, every session deleted', async () => {
    /** The stream's last frame tells the page it was signed out (no id: it is not an event to resume from). */
    const endsSignedOut = (s: SseStream) =>
      expect(s.frames.at(-1)).toEqual({ event: SIGNED_OUT_EVENT, data: '{}' });
    const user = await registerUser(t.app);
    const s = await stream(user);
    let at = Date.now();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: user.cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(204);
    await s.ended;
    expect(Date.now() - at).toBeLessThan(5_000);
    endsSignedOut(s);

    const again = await registerUser(t.app);
    const expiring = await stream(again);
    at = Date.now();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, again.id));
    await expiring.ended;
    expect(Date.now() - at).toBeLessThan(5_000);
    endsSignedOut(expiring);

    // Password reset, account deletion and SCIM deactivation all delete the user's sessions.
    const third = await registerUser(t.app);
    const deleted = await stream(third);
    at = Date.now();
    await t.database.db.delete(sessions).where(eq(sessions.userId, third.id));
    await deleted.ended;
    expect(Date.now() - at).toBeLessThan(5_000);
    endsSignedOut(deleted);
  });

  it('cuts off a reader that never reads once its buffer passes the bound', async () => {
    const user = await registerUser(t.app);
    const { port } = new URL(base);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`GET /api/events HTTP/1.1\r\nHost: localhost\r\nCookie: ${user.cookie}\r\n\r\n`);
    // Read the answer's head, then never read again.
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.pause();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});

    const big = 'x'.repeat(200_000);
    for (let batch = 0; batch < 20; batch++) {
      await t.ctx.db.transaction((tx) =>
        publishEvent(
          tx,
          ...Array.from({ length: 10 }, () => ({
            to: { userId: user.id },
            type: 'case.updated' as const,
            data: { caseId: big },
          })),
        ),
      );
    }
    // The server ended the connection; the bytes it held for it are released.
    socket.resume();
    await closed;
    socket.destroy();
  });
});

describe('two instances on one database', () => {
  let second: FastifyInstance;
  let secondBase: string;
  beforeAll(async () => {
    second = await buildApp({
      config: t.config,
      database: t.database,
      context: createInstanceContext(t.database, t.config),
      clientRoot: '/nonexistent-client-root',
    });
    secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => second.close());

  it('delivers an event made on one instance to a stream held by the other within 1 s', async () => {
    const owner = await registerUser(t.app);
    const onB = await stream(owner, { url: secondBase });
    const created = await openCase(owner);
    const at = Date.now();
    const reply = await asUser(t.app, director).post(`/api/cases/${created.id}/updates`, {
      updateType: 'comment',
      content: 'Made on A.',
    });
    expect(reply.statusCode).toBe(201);
    await onB.next('notification');
    expect(Date.now() - at).toBeLessThan(1_000);
    await onB.next('case.updated', (d) => (d as { caseId: string }).caseId === created.id);
    onB.close();
  });
});
