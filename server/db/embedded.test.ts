import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../lib/paths.js';
import { runningClusterUrl, startEmbeddedCluster } from './embedded.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('is UTF-8 whatever the locale, keeps every row across a stop and a start, and tells the CLI where it runs', async () => {
    await mkdir(path.join(projectRoot, '.tmp'), { recursive: true });
    const dataDir = await mkdtemp(path.join(projectRoot, '.tmp', 'embedded-'));
    dirs.push(dataDir);

    // Started without a UTF-8 locale (as a service manager or CI may), the cluster is still UTF-8.
    const locale = { LANG: process.env.LANG, LC_ALL: process.env.LC_ALL };
    delete process.env.LANG;
    delete process.env.LC_ALL;
    const first = await startEmbeddedCluster({ dataDir }).finally(() => {
      if (locale.LANG !== undefined) process.env.LANG = locale.LANG;
      if (locale.LC_ALL !== undefined) process.env.LC_ALL = locale.LC_ALL;
    });
    expect(await runningClusterUrl(dataDir, 'app')).toBe(first.url);
    const encoding = await query(first.url, 'select pg_encoding_to_char(encoding) as name from pg_database');
    expect(new Set(encoding.rows.map((row: { name: string }) => row.name))).toEqual(new Set(['UTF8']));
    await query(first.url, 'create table kept (v text not null)');
    await query(first.url, "insert into kept values ('survives restarts')");
    await first.stop();
    expect(await runningClusterUrl(dataDir, 'app')).toBeNull();

    const second = await startEmbeddedCluster({ dataDir });
    try {
      const { rows } = await query(second.url, 'select v from kept');
      expect(rows).toEqual([{ v: 'survives restarts' }]);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
