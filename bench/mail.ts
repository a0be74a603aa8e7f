import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { parseEnv } from '../server/config/env.js';
import { loadConfig } from '../server/config/secrets.js';
import { createDb, createPool } from '../server/db/client.js';
import { createAppContext } from '../server/modules.js';
import { createMailSender } from '../server/infra/mail.js';
import { JobQueue } from '../server/infra/queue.js';
import * as mail from '../server/modules/mail/mail.service.js';
import { percentile } from './stats.js';

/** One message as the SMTP sink took it: the envelope's first recipient and when its DATA ended. */
export interface Arrival {
  to: string;
  at: number;
}

export interface SmtpSink {
  url: string;
  arrivals: Arrival[];
  /** Resolves when `count` messages matching `predicate` have arrived, or at `deadline` (performance.now()). */
  waitFor(predicate: (arrival: Arrival) => boolean, count: number, deadline: number): Promise<Arrival[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package, as in server/test/smtp.ts) on 127.0.0.1 that only notes each
 * message's recipient and arrival time: it shares the machine with the app, so it does not parse bodies. Like
 * smtp-server always does (and many real servers), it greets a new connection only after 100 ms.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const arrivals: Arrival[] = [];
  let changed: () => void = () => {};
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    disableReverseLookup: true,
    // The app opens one connection per message; many can be open at once.
    maxClients: 1000,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        arrivals.push({ to: session.envelope.rcptTo[0]?.address.toLowerCase() ?? '', at: performance.now() });
        changed();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    async waitFor(predicate, count, deadline) {
      for (;;) {
        const matching = arrivals.filter(predicate);
        const left = deadline - performance.now();
        if (matching.length >= count || left <= 0) return matching;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 1000));
          changed = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- Verification mail of registrations ---------------------------------------------------------------------

export interface Registered {
  email: string;
  /** performance.now() when the 201 came back. */
  at: number;
}

/** Registers `count` accounts, `concurrency` at a time; each registration queues a verification mail. */
export async function registerAccounts(
  base: string,
  label: string,
  count: number,
  concurrency = 4,
): Promise<Registered[]> {
  const registered: Registered[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const email = `${label}.${next++}@example.test`;
        const response = await fetch(`${base}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ email, password: 'benchmark password' }),
        });
        await response.arrayBuffer();
        if (response.status !== 201) throw new Error(`register ${email}: ${response.status}`);
        registered.push({ email, at: performance.now() });
      }
    }),
  );
  return registered;
}

/** How long each registration's verification mail took to reach the SMTP server after the 201. */
export async function verificationFlow(sink: SmtpSink, accounts: Registered[], waitMs: number) {
  const wanted = new Map(accounts.map((a) => [a.email, a.at]));
  const arrived = await sink.waitFor((a) => wanted.has(a.to), accounts.length, performance.now() + waitMs);
  const delays = arrived.map((a) => a.at - wanted.get(a.to)!).sort((a, b) => a - b);
  return {
    accounts: accounts.length,
    received: new Set(arrived.map((a) => a.to)).size,
    p50: percentile(delays, 50),
    max: delays.at(-1) ?? NaN,
  };
}

// --- Mail jobs per second -----------------------------------------------------------------------------------

/** The server's `mail.send` workers per process. */
export const MAIL_WORKERS = mail.mailJob.concurrency ?? 1;

/**
 * What one message costs over the app's own transport (`createMailSender`, one connection a message) with nothing
 * else running: `count` messages one after another. MAIL_WORKERS divided by it is what the workers could reach if
 * the queue and the database cost nothing.
 */
export async function smtpFloor(sink: SmtpSink, env: Record<string, string>, count: number) {
  const config = await loadConfig(parseEnv(env));
  const sender = createMailSender({ smtpUrl: sink.url, from: config.MAIL_FROM });
  const label = `bench.floor.${Date.now()}`;
  try {
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      await sender.send({
        to: `${label}.${i}@example.test`,
        subject: 'Benchmark: one message alone',
        text: 'Hello there,\n\nOne message over a fresh connection.',
        html: '<p>Hello there,</p><p>One message over a fresh connection.</p>',
        messageId: `<${label}.${i}@localhost>`,
      });
    }
    const msPerMessage = (performance.now() - started) / count;
    return { msPerMessage, ceiling: (MAIL_WORKERS * 1000) / msPerMessage };
  } finally {
    sender.close();
  }
}

/**
 * Writes `count` messages into the outbox in one transaction from this process (its own pool and job queue on the
 * server's database, as the CLI does), then times their delivery by the server's `mail.send` workers: from the
 * commit to the SMTP server's last arrival, or `waitMs` if they are not all there by then. Messages per second
 * count every message the SMTP server took meanwhile (older mail still queued goes first). The outbox then says
 * how each of the burst went.
 */
export async function mailThroughput(options: {
  databaseUrl: string;
  env: Record<string, string>;
  sink: SmtpSink;
  count: number;
  waitMs: number;
}) {
  const { databaseUrl, sink, count } = options;
  const config = await loadConfig(parseEnv(options.env));
  const pool = createPool(databaseUrl, 2);
  const ctx = createAppContext(createDb(pool), config, { queue: new JobQueue(databaseUrl, { config }) });
  const kind = `bench.burst.${Date.now()}`;
  const recipient = (i: number) => `${kind}.${i}@example.test`;
  try {
    await ctx.queue.start();
    const writing = performance.now();
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) {
        await mail.queueMail(ctx, tx, {
          to: recipient(i),
          kind,
          content: {
            subject: `Benchmark message ${i + 1} of ${count}`,
            greeting: 'Hello there,',
            paragraphs: [
              'This message measures how fast the mail.send job hands the outbox to the SMTP server.',
              'A second paragraph, so the body is about the size of an account mail.',
            ],
            action: { label: 'Open Intel Portal', url: `https://intel.example.test/bench/${i}` },
            footer: 'You get this e-mail because a benchmark sent it.',
          },
        });
      }
    });
    const committed = performance.now();
    const prefix = `${kind}.`;
    const arrived = await sink.waitFor((a) => a.to.startsWith(prefix), count, committed + options.waitMs);
    const received = new Set(arrived.map((a) => a.to)).size;
    const end = received === count ? Math.max(...arrived.map((a) => a.at)) : performance.now();
    const seconds = (end - committed) / 1000;
    // Mail queued earlier (registrations' verification mail) shares the workers: it counts as their work too.
    const others = sink.arrivals.filter(
      (a) => a.at >= committed && a.at <= end && !a.to.startsWith(prefix),
    ).length;
    // The SMTP server has a message before the worker that sent it marks it sent: give the last ones a moment.
    const outboxState = () =>
      ctx.db.execute<{ status: string; attempts: number; n: number }>(
        sql`select status, attempts, count(*)::int as n from mail_outbox where kind = ${kind}
            group by status, attempts order by status, attempts`,
      );
    let outbox = await outboxState();
    for (
      let tries = 0;
      received === count && tries < 50 && outbox.rows.some((r) => r.status === 'queued');
      tries++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      outbox = await outboxState();
    }
    const sentOnce = outbox.rows.find((r) => r.status === 'sent' && r.attempts === 1)?.n ?? 0;
    return {
      count,
      writeSeconds: (committed - writing) / 1000,
      received,
      seconds,
      others,
      perSecond: (received + others) / seconds,
      finished: received === count,
      sentOnce,
      outbox: outbox.rows.map((r) => `${r.n} ${r.status} after ${r.attempts}`).join(', '),
    };
  } finally {
    await ctx.queue.stop();
    ctx.mailer.close();
    await pool.end();
  }
}

// --- Password reset requests under load ---------------------------------------------------------------------

type Kind = 'known' | 'unknown';

/**
 * `POST /api/auth/password-reset` under autocannon: each connection alternates an address with an account and one
 * without (each rotating over `known.length` addresses, so both kinds hit their per-address limit rows alike).
 * Every answer must be 202 `{}`. Latencies are split by kind from the same responses, so both kinds are measured
 * under the same background work (the reset job only mails known addresses).
 */
export async function passwordResetLoad(options: {
  base: string;
  known: string[];
  label: string;
  connections: number;
  seconds: number;
}) {
  const { base, known } = options;
  const unknown = known.map((_, i) => `${options.label}.nobody.${i}@example.test`);
  const next: Record<Kind, number> = { known: 0, unknown: 0 };
  const latencies: Record<Kind, number[]> = { known: [], unknown: [] };
  const wrong = new Map<string, number>();
  let answered: Kind = 'known';

  const request = (kind: Kind): autocannon.Request => ({
    method: 'POST',
    path: '/api/auth/password-reset',
    headers: { 'content-type': 'application/json', origin: base },
    setupRequest: (req) => {
      const addresses = kind === 'known' ? known : unknown;
      return { ...req, body: JSON.stringify({ email: addresses[next[kind]++ % addresses.length] }) };
    },
    onResponse: (status, body) => {
      // autocannon calls this just before its 'response' event for the same answer.
      answered = kind;
      if (status !== 202 || body !== '{}') {
        const key = `${status} ${body.slice(0, 120)}`;
        wrong.set(key, (wrong.get(key) ?? 0) + 1);
      }
    },
  });

  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: options.connections,
        duration: options.seconds,
        requests: [request('known'), request('unknown')],
      },
      (error: unknown, result) => (error ? reject(error as Error) : resolve(result)),
    );
    // autocannon 9 emits the client first (its typings leave it out).
    (instance as NodeJS.EventEmitter).on(
      'response',
      (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
        latencies[answered].push(responseTime);
      },
    );
  });

  const all = [...latencies.known, ...latencies.unknown].sort((a, b) => a - b);
  latencies.known.sort((a, b) => a - b);
  latencies.unknown.sort((a, b) => a - b);
  const wrongCount = [...wrong.values()].reduce((a, b) => a + b, 0);
  return {
    rps: result.requests.average,
    requests: all.length,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    known: {
      requests: latencies.known.length,
      p50: percentile(latencies.known, 50),
      p95: percentile(latencies.known, 95),
    },
    unknown: {
      requests: latencies.unknown.length,
      p50: percentile(latencies.unknown, 50),
      p95: percentile(latencies.unknown, 95),
    },
    errors: wrongCount + result.errors + result.timeouts,
    wrong: [...wrong.entries()].map(([key, n]) => `${n} x ${key}`),
  };
}

/** Where the reset jobs (one per request) and the reset mails (one per known-address request) stand. */
export async function resetBacklog(databaseUrl: string, since: Date) {
  const pool = createPool(databaseUrl, 1);
  try {
    const jobs = await pool.query<{ state: string; n: number }>(
      `select state, count(*)::int as n from pgboss.job where name = 'auth.password-reset-mail' and created_on >= $1
       group by state`,
      [since],
    );
    const mails = await pool.query<{ status: string; n: number }>(
      `select status::text, count(*)::int as n from mail_outbox where kind = 'password_reset' and created_at >= $1
       group by status`,
      [since],
    );
    const count = (rows: { n: number }[]) => rows.reduce((sum, r) => sum + r.n, 0);
    return {
      jobs: count(jobs.rows),
      jobsDone: jobs.rows.find((r) => r.state === 'completed')?.n ?? 0,
      mails: count(mails.rows),
      mailsSent: mails.rows.find((r) => r.status === 'sent')?.n ?? 0,
    };
  } finally {
    await pool.end();
  }
}
