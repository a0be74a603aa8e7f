import { parseArgs } from 'node:util';
import { z } from 'zod';
import { registerRequestSchema } from '../contract/auth.js';
import { parseEnv, type AppConfig } from './config/env.js';
import { loadConfig } from './config/secrets.js';
import { createDb, createPool, openDatabase, runMigrations, type Database } from './db/client.js';
import { backupEmbedded, restoreEmbedded } from './db/backup.js';
import { runningClusterUrl } from './db/embedded.js';
import { generateBenchCatalogue } from './db/seed/bench-data.js';
import { seedDatabase } from './db/seed/seed.js';
import { createAppContext } from './modules.js';
import { AppError } from './lib/errors.js';
import { isId } from './lib/ids.js';
import { promptSecret, readSecretFrom } from './lib/secret-input.js';
import { JobQueue } from './infra/queue.js';
import * as passwordReset from './modules/auth/password-reset.service.js';
import * as registration from './modules/auth/registration.service.js';
import * as auth from './modules/auth/auth.service.js';
import * as mail from './modules/mail/mail.service.js';
import { EncryptionKeyMismatch, checkEncryptionKey } from './modules/mfa/mfa.service.js';

/** What an operator needs to know of a message, without its body. */
const mailSummary = (row: mail.MailRow) => ({
  id: row.id,
  to: row.toAddress,
  subject: row.subject,
  kind: row.kind,
  status: row.status,
  transport: row.transport,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

const USAGE = `Operator commands: npm run cli -- <command>

  user:create --email E [--tier N]                create an account (tier 1-4, default 1); its password:
    [--password-stdin | --password P]             asked for on a terminal (not shown), or read from
                                                  standard input (--password-stdin; one line end dropped),
                                                  or given (--password: seen in ps and shell history)
  user:set-tier E N                               change an account's tier (4 = Director)
  user:reset-password E [--print]                 mail E a password reset link (--print: print it instead)
  mail:list [--to E] [--limit N] [--json]         the mail outbox, newest first (default 20)
  mail:show ID [--html]                           one message: its state and its text (or HTML) part
  db:migrate                                      apply the committed migrations
  db:backup FILE                                  the embedded database into FILE (.tar.gz); stop the server first
  db:restore FILE                                 replace the embedded database with FILE's (server stopped);
                                                  the one replaced is kept beside it in DATA_DIR
                                                  (external DATABASE_URL: use pg_dump -Fc / pg_restore, see README)
  db:seed                                         load the seed data (idempotent)
  bench:data --products N                         add N synthetic products for benchmarks

Uses DATABASE_URL when set; otherwise the embedded database in DATA_DIR (the running server's, or one it
starts for the command and stops afterwards).`;

const tierSchema = z.coerce.number().int().min(1).max(4);

/**
 * A command's password: from standard input with --password-stdin, asked for twice without echo on a terminal, or
 * --password P, which stays in the shell's history and shows in the process list to anyone on the machine.
 */
async function passwordOf(values: { password?: string; 'password-stdin'?: boolean }): Promise<string> {
  if (values.password !== undefined && values['password-stdin']) {
    throw new Error('Give the password one way: --password-stdin or --password, not both.');
  }
  if (values.password !== undefined) return values.password;
  if (values['password-stdin']) return readSecretFrom(process.stdin);
  if (!process.stdin.isTTY) {
    throw new Error(
      `No password, and standard input is not a terminal to ask on. Pipe it in with --password-stdin ` +
        `(printf '%s\\n' "$PASSWORD" | npm run cli -- user:create --email E --password-stdin) or give --password P.`,
    );
  }
  const password = await promptSecret('Password: ');
  if ((await promptSecret('The same password again: ')) !== password) {
    throw new Error('The two passwords differ; nothing was changed.');
  }
  return password;
}

/** The same database the server uses: DATABASE_URL, the running server's embedded cluster, or our own. */
async function connect(config: AppConfig): Promise<Database> {
  if (config.DATABASE_URL)
    return openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const running = await runningClusterUrl(config.DATA_DIR, 'app');
  if (running) {
    const pool = createPool(running, 4);
    return { db: createDb(pool), pool, url: running, embedded: false, close: () => pool.end() };
  }
  return openDatabase({ dataDir: config.DATA_DIR });
}

async function run(argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') return USAGE;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      tier: { type: 'string' },
      products: { type: 'string' },
      print: { type: 'boolean' },
      to: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      html: { type: 'boolean' },
    },
  });

  // Before the database starts, so that the prompt is not lost among its messages and a missing password fails fast.
  const password = command === 'user:create' ? await passwordOf(values) : undefined;
  const env = parseEnv();
  const config = await loadConfig(env);
  if (command === 'db:backup' || command === 'db:restore') return backupCommand(command, positionals, config);
  const database = await connect(config);
  // Mail is queued for the server's workers; `user:reset-password` also hands its message over at once.
  const ctx = createAppContext(database.db, config, { queue: new JobQueue(database.url, { config }) });
  try {
    await runMigrations(database.url);
    switch (command) {
      case 'db:migrate':
        return 'Migrations applied.';
      case 'db:seed': {
        const counts = await seedDatabase(ctx);
        return `Seed loaded: ${Object.entries(counts)
          .map(([table, n]) => `${table} +${n}`)
          .join(', ')}`;
      }
      case 'user:create': {
        const input = registerRequestSchema.parse({ email: values.email, password });
        const tier = tierSchema.parse(values.tier ?? 1) as 1 | 2 | 3 | 4;
        const user = await registration.createUser(ctx, { ...input, tier }, { action: 'user.created' });
        return `Created ${user.email} (id ${user.id}) at tier ${user.tier}.`;
      }
      case 'user:set-tier': {
        const [email, tierArg] = positionals;
        if (!email || !tierArg) throw new Error('usage: user:set-tier EMAIL TIER');
        const tier = tierSchema.parse(tierArg) as 1 | 2 | 3 | 4;
        const user = await auth.findUserByEmail(ctx, email);
        if (!user) throw new Error(`No account with email ${email}`);
        const updated = await auth.setTier(ctx, user.id, tier, { reason: 'operator cli' });
        return `${updated.email}: tier ${user.tier} -> ${updated.tier}.`;
      }
      case 'user:reset-password': {
        const [email] = positionals;
        if (!email) throw new Error('usage: user:reset-password EMAIL [--print]');
        const sent = await passwordReset.sendResetLink(ctx, email, { by: 'operator' });
        if (!sent) throw new Error(`No account with email ${email}`);
        if (values.print) return sent.link;
        const outcome = await mail.deliver(ctx, sent.mailId);
        if (outcome.status === 'failed') {
          return `Reset link queued for ${email} (mail ${sent.mailId}); the mail server refused it for now (${outcome.error}), so the server will retry.`;
        }
        return ctx.mailer.transport === 'smtp'
          ? `Reset link sent to ${email} (mail ${sent.mailId}).`
          : `Reset link kept in the outbox for ${email} (SMTP_URL unset): npm run cli -- mail:show ${sent.mailId}`;
      }
      case 'mail:list': {
        const limit = z.coerce
          .number()
          .int()
          .min(1)
          .max(1000)
          .parse(values.limit ?? 20);
        const rows = await mail.list(ctx, { to: values.to, limit });
        if (values.json) return JSON.stringify(rows.map(mailSummary), null, 2);
        if (rows.length === 0) return 'The outbox is empty.';
        return rows
          .map((row) =>
            [row.id, row.createdAt.toISOString(), row.status.padEnd(6), row.toAddress, row.subject].join(
              '  ',
            ),
          )
          .join('\n');
      }
      case 'mail:show': {
        const [id] = positionals;
        if (!id || !isId(id)) throw new Error('usage: mail:show ID (an id from mail:list)');
        const row = await mail.find(ctx, id);
        if (!row) throw new Error(`No mail with id ${id}`);
        const head = Object.entries(mailSummary(row))
          .filter(([, value]) => value !== null)
          .map(([key, value]) => `${key}: ${value}`);
        return [...head, '', values.html ? row.html : row.text].join('\n');
      }
      case 'bench:data': {
        const count = z.coerce.number().int().min(1).max(1_000_000).parse(values.products);
        const added = await generateBenchCatalogue(ctx, count);
        return `Added ${added} synthetic products.`;
      }
      default:
        throw new Error(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await ctx.queue.stop();
    ctx.mailer.close();
    await database.close();
  }
}

/**
 * `db:backup FILE` / `db:restore FILE` (the embedded database, with the server stopped: server/db/backup.ts). A
 * restore then starts the restored cluster, migrates it forward and checks that MFA_ENCRYPTION_KEY opens its 2FA
 * secrets: with the wrong key the command fails, saying so, and so would the server's start.
 */
async function backupCommand(command: string, positionals: string[], config: AppConfig): Promise<string> {
  const [file] = positionals;
  if (!file) throw new Error(`usage: ${command} FILE`);
  if (config.DATABASE_URL) {
    throw new Error(
      `${command} is for the embedded database; with DATABASE_URL set use pg_dump -Fc / pg_restore of the ` +
        "server's own version (README, Operations).",
    );
  }
  if (command === 'db:backup') {
    const { file: written, bytes } = await backupEmbedded(config.DATA_DIR, file);
    return (
      `Backed up ${config.DATA_DIR}/postgres to ${written} (${(bytes / 1024 / 1024).toFixed(1)} MB). Keep ` +
      'MFA_ENCRYPTION_KEY and SESSION_SECRET (or DATA_DIR/mfa-encryption-key and session-secret) with it, apart ' +
      'from it: they are not in the file.'
    );
  }
  const { manifest, previous } = await restoreEmbedded(config.DATA_DIR, file);
  const database = await openDatabase({ dataDir: config.DATA_DIR });
  try {
    await runMigrations(database.url);
    const ctx = createAppContext(database.db, config);
    const opened = await checkEncryptionKey(ctx);
    return [
      `Restored ${file} (taken ${manifest.createdAt}) into ${config.DATA_DIR}/postgres and migrated it.`,
      previous ? `The database it replaced is kept in ${previous}.` : 'There was no database before it.',
      opened > 0
        ? 'MFA_ENCRYPTION_KEY opens its 2FA secrets.'
        : 'No account has 2FA on, so MFA_ENCRYPTION_KEY could not be checked.',
    ].join('\n');
  } catch (error) {
    if (error instanceof EncryptionKeyMismatch) {
      error.message = `Restored ${file}, but: ${error.message}`;
    }
    throw error;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (error: unknown) => {
    if (error instanceof z.ZodError) {
      console.error(
        error.issues.map((issue) => `${issue.path.join('.') || 'value'}: ${issue.message}`).join('\n'),
      );
    } else if (error instanceof AppError) {
      console.error(error.message);
    } else if (error instanceof Error) {
      // Drizzle wraps the database's own message in `cause`; that is the part an operator can act on.
      console.error(
        error.cause instanceof Error
          ? `${error.message.split('\n')[0]} ${error.cause.message}`
          : error.message,
      );
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
