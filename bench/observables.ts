import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { parseEnv } from '../server/config/env.js';
import { loadConfig } from '../server/config/secrets.js';
import { createDb, createPool, runMigrations, withDatabaseName } from '../server/db/client.js';
import type { UserRow } from '../server/db/schema/users.js';
import { JobQueue } from '../server/infra/queue.js';
import { createAppContext } from '../server/modules.js';
import * as auth from '../server/modules/auth/auth.service.js';
import { MATCH_JOB_INDICATORS } from '../server/modules/observables/match-indicators.job.js';
import { matchIndicators } from '../server/modules/observables/observables.matching.js';
import * as threats from '../server/modules/threats/threats.service.js';
import { percentile } from './stats.js';

/**
 * Observables at scale (issue 38): the latency of adding one observable to a case (matched in its request against
 * the indicator index) with 10,000 and then 100,000 indicators stored, and the matching of a 10,000-indicator STIX
 * import against 10,000 and then 100,000 stored observables (the `observables.match-indicators` jobs' work, run
 * here one after another as one worker runs them, with the heap's peak over that work; the import itself, the
 * threats module's work, is timed and printed beside it).
 * Indicators and observables are written straight into the tables (what an import and the API would leave); the
 * measured import goes through the threats service as any import does.
 *
 * Alone, against a PostgreSQL server (a database is made for the run and dropped after):
 *   npx tsx bench/observables.ts --database-url postgres://postgres@127.0.0.1:5432/postgres [--smoke]
 */

export interface ObservablesBudget {
  name: string;
  value: number;
  unit: string;
  target?: number;
  kind: 'at most';
}

export interface ObservablesResult {
  lines: string[];
  budgets: ObservablesBudget[];
}

interface Options {
  /** The app to add observables through. */
  base: string;
  databaseUrl: string;
  env: Record<string, string>;
  smoke: boolean;
}

const ADD_TARGET_MS = 30;
const MATCH_TARGET_S = 20;
/** Every tenth indicator of the import names a stored observable. */
const MATCH_EVERY = 10;

async function register(base: string, label: string): Promise<{ cookie: string; id: string }> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench.${label}.${Date.now()}@example.test`,
      password: 'benchmark password',
    }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 201 || !cookie) throw new Error(`register failed: ${response.status}`);
  return { cookie, id: ((await response.json()) as { id: string }).id };
}

async function post(base: string, cookie: string, route: string, body: unknown) {
  const response = await fetch(base + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 201) throw new Error(`${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Stored indicators `from`..`to` (1-based), 100 to a record, each comparing one domain: `ind-N.<run>.example`. */
async function storeIndicators(client: pg.Client, run: string, from: number, to: number): Promise<void> {
  await client.query(
    `with records as (
       select g, gen_random_uuid() as id from generate_series($2::int, $3::int, 100) g
     ), recorded as (
       insert into threat_intelligence (id, source, category, severity, title, description, tlp, stix_id)
       select id, 'Bench feed', 'cyber', 'high', 'Bench campaign ' || g, 'Synthetic intelligence for the benchmark.',
         'GREEN', 'report--' || id
       from records
     ), indicators as (
       select g, 'indicator--' || gen_random_uuid() as stix_id from generate_series($2::int, $3::int) g
     ), indexed as (
       insert into stix_indicators (stix_id, modified_at) select stix_id, now() from indicators
     ), valued as (
       insert into stix_indicator_values (stix_id, kind, value)
       select stix_id, 'domain', 'ind-' || g || '.' || $1 || '.example' from indicators
     )
     insert into stix_object_threats (threat_id, stix_id)
     select r.id, i.stix_id from indicators i join records r on r.g = $2 + ((i.g - $2) / 100) * 100`,
    [run, from, to],
  );
}

/** Stored observables `from`..`to` on cases of 100 each, owned by `userId`: `obs-N.<run>.example`. */
async function storeObservables(client: pg.Client, run: string, userId: string, from: number, to: number) {
  await client.query(
    `with opened as (
       select g, gen_random_uuid() as id from generate_series($3::int, $4::int, 100) g
     ), inserted as (
       insert into cases (id, user_id, title, description, category, first_response_due_at, resolution_due_at)
       select id, $2::uuid, 'Bench case ' || g, 'A case the observables benchmark fills.', 'investigation',
         now() + interval '1 day', now() + interval '7 days'
       from opened
       returning id
     )
     insert into case_observables (case_id, type, value, tlp)
     select c.id, 'domain', 'obs-' || s.n || '.' || $1 || '.example', 'green'
     from generate_series($3::int, $4::int) s(n) join opened c on c.g = $3 + ((s.n - $3) / 100) * 100
     where exists (select 1 from inserted)`,
    [run, userId, from, to],
  );
}

/** A 10,000-indicator bundle; every `MATCH_EVERY`th names a stored observable among the first `observables`. */
function importBundle(run: string, size: number, observables: number, batch: string) {
  const now = new Date().toISOString();
  return Array.from({ length: size }, (_, i) => {
    const value =
      i % MATCH_EVERY === 0
        ? `obs-${1 + ((i * 7) % observables)}.${run}.example`
        : `new-${batch}-${i}.${run}.example`;
    return {
      type: 'indicator',
      spec_version: '2.1',
      id: `indicator--${randomUUID()}`,
      created: now,
      modified: now,
      name: `Bench indicator ${i}`,
      pattern: `[domain-name:value = '${value}']`,
      pattern_type: 'stix',
      valid_from: now,
    };
  });
}

export async function observablesSection(options: Options): Promise<ObservablesResult> {
  const { base, databaseUrl, smoke } = options;
  const steps = smoke ? [1_000, 5_000] : [10_000, 100_000];
  const importSize = smoke ? 1_000 : 10_000;
  const adds = smoke ? 40 : 300;
  const run = `r${Date.now().toString(36)}`;
  const lines: string[] = [];
  const budgets: ObservablesBudget[] = [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const config = await loadConfig(parseEnv({ ...options.env, DATABASE_URL: databaseUrl }));
  const pool = createPool(databaseUrl, 4);
  const ctx = createAppContext(createDb(pool), config, { queue: new JobQueue(databaseUrl, { config }) });
  try {
    const analyst = await register(base, `observables.${run}`);
    const analystRow = (await auth.findUser(ctx.db, analyst.id)) as UserRow;

    // 1. Adding one observable, with the index at each size.
    const addLines: string[] = [];
    let stored = 0;
    const addP95: number[] = [];
    for (const size of steps) {
      await storeIndicators(client, run, stored + 1, size);
      stored = size;
      await client.query('analyze stix_indicator_values, stix_object_threats, case_observables');
      const c = await post(base, analyst.cookie, '/api/cases', {
        title: `Observables bench ${size}`,
        description: 'Observables added one by one against the indicator index.',
        category: 'investigation',
      });
      const times: number[] = [];
      const matchedTimes: number[] = [];
      let matched = 0;
      for (let i = 0; i < adds; i++) {
        // A quarter of them name a stored indicator (a match: a sighting, Directors told, in the same request).
        const value =
          i % 4 === 0 ? `ind-${1 + ((i * 37) % size)}.${run}.example` : `add-${size}-${i}.${run}.example`;
        const started = performance.now();
        const added = await post(base, analyst.cookie, `/api/cases/${c.id as string}/observables`, {
          type: 'domain',
          value,
        });
        times.push(performance.now() - started);
        if ((added.matches as unknown[]).length) {
          matched += 1;
          matchedTimes.push(times.at(-1)!);
        }
      }
      const p95 = percentile(times.slice(Math.min(10, adds / 4)), 95);
      addP95.push(p95);
      addLines.push(
        `  ${String(size).padStart(7)} indicators: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${adds} adds; the ${matched} that matched: p95 ${percentile(matchedTimes, 95).toFixed(1)} ms)`,
      );
      budgets.push({
        name: `add one observable p95, ${size} indicators`,
        value: p95,
        unit: ' ms',
        target: size === steps.at(-1) ? ADD_TARGET_MS : undefined,
        kind: 'at most',
      });
    }

    // 2. Matching an import against the stored observables, at each size.
    const matchLines: string[] = [];
    let observables = 0;
    const matchSeconds: number[] = [];
    for (const size of steps) {
      await storeObservables(client, run, analyst.id, observables + 1, size);
      observables = size;
      await client.query('analyze case_observables, stix_indicator_values');
      const objects = importBundle(run, importSize, size, String(size));
      const importStarted = performance.now();
      await threats.importStixObjects(ctx, analystRow, objects, 'api');
      const importSeconds = (performance.now() - importStarted) / 1000;

      global.gc?.();
      const baseHeap = process.memoryUsage().heapUsed;
      let peak = baseHeap;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }, 20);
      const started = performance.now();
      let matches = 0;
      // The import queues these (all new) in its transaction; the bench runs the jobs' work itself, timed.
      const ids = objects.filter((object) => object.type === 'indicator').map((object) => object.id);
      for (let at = 0; at < ids.length; at += MATCH_JOB_INDICATORS) {
        matches += await matchIndicators(ctx, ids.slice(at, at + MATCH_JOB_INDICATORS));
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      matchSeconds.push(seconds);
      matchLines.push(
        `  ${String(size).padStart(7)} observables: import ${importSeconds.toFixed(1)} s + matching ${seconds.toFixed(1)} s = ${(importSeconds + seconds).toFixed(1)} s; ${matches} matches; heap peak +${((peak - baseHeap) / 1_048_576).toFixed(1)} MB over ${Math.ceil(ids.length / MATCH_JOB_INDICATORS)} jobs`,
      );
      // The budget is the matching's (the jobs'); the import's own time is the threats module's, printed beside it.
      budgets.push({
        name: `match a ${importSize}-indicator import, ${size} observables`,
        value: seconds,
        unit: ' s',
        target: size === steps.at(-1) ? MATCH_TARGET_S : undefined,
        kind: 'at most',
      });
    }

    const growth = (values: number[]) =>
      values.length > 1
        ? ` (growth ${steps[0]}->${steps.at(-1)}: x${(values.at(-1)! / values[0]!).toFixed(2)})`
        : '';
    lines.push(`\nobservables: adding one observable through the API${growth(addP95)}`, ...addLines);
    lines.push(
      `observables: matching a ${importSize}-indicator STIX import (every ${MATCH_EVERY}th names an observable)${growth(matchSeconds)}`,
      ...matchLines,
    );
    return { lines, budgets };
  } finally {
    await client.end();
    await ctx.queue.stop();
    await pool.end();
  }
}

/** Alone: a throwaway database on the given server, the app in this process, the section, then the database dropped. */
async function alone(): Promise<void> {
  const { values } = parseArgs({
    options: { 'database-url': { type: 'string' }, smoke: { type: 'boolean', default: false } },
  });
  const adminUrl = values['database-url'] ?? process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('--database-url or DATABASE_URL is required');
  const name = `bench_observables_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const databaseUrl = withDatabaseName(adminUrl, name);
  const env = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    MFA_ENCRYPTION_KEY: 'bench-mfa-key-bench-mfa-key-bench-mfa-00',
    COOKIE_SECURE: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_GLOBAL_PER_MIN: '100000000',
    RATE_LIMIT_REGISTER_MAX: '1000',
  };
  try {
    await runMigrations(databaseUrl);
    const config = await loadConfig(parseEnv({ ...env, DATABASE_URL: databaseUrl }));
    const pool = createPool(databaseUrl, 10);
    const context = createAppContext(createDb(pool), config, { databaseUrl });
    const database = { db: context.db, pool, url: databaseUrl, embedded: false, close: () => pool.end() };
    const app = await buildApp({ config, database, context, clientRoot: '/nonexistent-client-root' });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const result = await observablesSection({ base, databaseUrl, env, smoke: values.smoke });
      for (const line of result.lines) console.log(line);
      for (const budget of result.budgets) {
        console.log(
          `  ${budget.name}: ${budget.value.toFixed(1)}${budget.unit}${budget.target === undefined ? '' : ` (budget <= ${budget.target}${budget.unit})`}`,
        );
      }
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  alone().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
