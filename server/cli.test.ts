import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.js';
import { auditLog, categories, products, users } from './db/schema/index.js';
import { projectRoot } from './lib/paths.js';
import { createTestDatabase } from './test/helpers.js';

const exec = promisify(execFile);
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Runs the operator CLI as an operator would, against this file's database. */
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('operator CLI', () => {
  it('creates a user, changes its tier with an audit entry, and refuses bad input with a non-zero exit', async () => {
    const created = await cli(
      'user:create',
      '--email',
      'Director@Example.test',
      '--password',
      'director pass',
      '--tier',
      '2',
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created director@example.test');
    const [user] = await database.db.select().from(users).where(eq(users.email, 'director@example.test'));
    expect(user!.tier).toBe(2);

    const promoted = await cli('user:set-tier', 'director@example.test', '4');
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain('tier 2 -> 4');
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.userId, user!.id));
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['user.created', 'user.tier_changed']),
    );

    const duplicate = await cli(
      'user:create',
      '--email',
      'director@example.test',
      '--password',
      'director pass',
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already exists');
    expect((await cli('user:set-tier', 'director@example.test', '9')).code).toBe(1);
    expect((await cli('user:set-tier', 'nobody@example.test', '2')).stderr).toContain('No account');
    expect((await cli('user:create', '--email', 'x@example.test', '--password', 'short')).code).toBe(1);
    expect((await cli('no:such-command')).code).toBe(1);
  }, 60_000);

  it('migrates, seeds idempotently and generates a benchmark catalogue', async () => {
    expect((await cli('db:migrate')).code).toBe(0);
    const seeded = await cli('db:seed');
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toContain('categories +4');
    expect((await cli('db:seed')).stdout).toContain('categories +0');
    expect(await database.db.select().from(categories)).toHaveLength(4);

    const bench = await cli('bench:data', '--products', '500');
    expect(bench.stdout).toContain('Added 500 synthetic products');
    await cli('bench:data', '--products', '10');
    const rows = await database.db.select({ slug: products.slug }).from(products);
    expect(rows.filter((r) => r.slug.startsWith('bench-'))).toHaveLength(510);
  }, 60_000);
});
