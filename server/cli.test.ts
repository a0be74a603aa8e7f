import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.js';
import { auditLog, categories, products, users } from './db/schema/index.js';
import { verifyPassword } from './lib/passwords.js';
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
  return cliWith({}, ...args);
}

async function cliWith(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH, DATABASE_URL: database.url, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Runs the CLI with `input` on its standard input (a pipe, as from `printf ... |`). */
function cliWithInput(
  input: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(input);
  });
}

const passwordOf = async (email: string) =>
  (await database.db.select().from(users).where(eq(users.email, email)))[0]?.passwordHash;

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
    // About the user (the operator's tier change has no actor in the app: the system made it).
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.subjectUserId, user!.id));
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

  it('reads a password from standard input with --password-stdin, less one line end', async () => {
    const piped = await cliWithInput(
      'a long password  \n',
      'user:create',
      '--email',
      'piped@example.test',
      '--password-stdin',
    );
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toContain('Created piped@example.test');
    const hash = (await passwordOf('piped@example.test'))!;
    expect(await verifyPassword(hash, 'a long password  ')).toBe(true);
    expect(await verifyPassword(hash, 'a long password  \n')).toBe(false);

    const windows = await cliWithInput(
      'another long one\r\n',
      'user:create',
      '--email',
      'crlf@example.test',
      '--password-stdin',
    );
    expect(windows.code, windows.stderr).toBe(0);
    expect(await verifyPassword((await passwordOf('crlf@example.test'))!, 'another long one')).toBe(true);

    const empty = await cliWithInput('', 'user:create', '--email', 'empty@example.test', '--password-stdin');
    expect(empty.code).toBe(1);
    expect(await passwordOf('empty@example.test')).toBeUndefined();
  }, 60_000);

  it('without a password and with no terminal to ask on, says how to give one and exits non-zero', async () => {
    // Standard input is a pipe here, as in a script or CI: there is nobody to ask.
    const missing = await cli('user:create', '--email', 'nopass@example.test', '--tier', '4');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No password, and standard input is not a terminal to ask on');
    expect(missing.stderr).toContain('--password-stdin');
    expect(await passwordOf('nopass@example.test')).toBeUndefined();

    const both = await cliWithInput(
      'a long password\n',
      'user:create',
      '--email',
      'both@example.test',
      '--password',
      'a long password',
      '--password-stdin',
    );
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('not both');
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

  it('mails a reset link (or prints it), and lists and shows the outbox', async () => {
    expect(
      (await cli('user:create', '--email', 'Reset.Me@example.test', '--password', 'a long password')).code,
    ).toBe(0);
    // Without SMTP_URL the message stays in the outbox, handed over at once.
    const kept = await cli('user:reset-password', 'reset.me@example.test');
    expect(kept.code).toBe(0);
    expect(kept.stdout).toMatch(
      /Reset link kept in the outbox for reset\.me@example\.test .*mail:show [0-9a-f-]{36}/,
    );

    const printed = await cli('user:reset-password', 'reset.me@example.test', '--print');
    expect(printed.stdout.trim()).toMatch(
      /^http:\/\/127\.0\.0\.1:5000\/reset-password\?token=[A-Za-z0-9_-]{43}$/,
    );
    expect((await cli('user:reset-password', 'nobody@example.test')).stderr).toContain('No account');

    const listed = await cli('mail:list', '--to', 'RESET.ME@example.test', '--json');
    const rows = JSON.parse(listed.stdout) as { id: string; subject: string; status: string; kind: string }[];
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['password_reset', 'queued'],
      ['password_reset', 'sent'],
      ['email_verify', 'queued'],
    ]);
    expect((await cli('mail:list', '--limit', '2')).stdout.trim().split('\n')).toHaveLength(2);

    const shown = await cli('mail:show', rows[1]!.id);
    expect(shown.stdout).toContain('subject: Reset your Intel Portal password');
    expect(shown.stdout).toContain('status: sent');
    expect(shown.stdout).toContain('transport: outbox');
    expect(shown.stdout).toMatch(/\nhttp:\/\/127\.0\.0\.1:5000\/reset-password\?token=[A-Za-z0-9_-]{43}\n/);
    expect((await cli('mail:show', rows[1]!.id, '--html')).stdout).toContain(
      '<a href="http://127.0.0.1:5000/reset-password',
    );
    expect((await cli('mail:show', 'not-an-id')).code).toBe(1);

    // With an SMTP server that is not there, the command says so and the server's job retries.
    const refused = await cliWith(
      { SMTP_URL: 'smtp://127.0.0.1:1' },
      'user:reset-password',
      'reset.me@example.test',
    );
    expect(refused.code).toBe(0);
    expect(refused.stdout).toContain('the mail server refused it for now');
    // Eleven CLI processes, each compiling the source as it starts: on a loaded machine they pass 60 s.
  }, 120_000);
});
