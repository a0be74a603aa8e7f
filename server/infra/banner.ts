import path from 'node:path';
import type { AppConfig } from '../config/env.js';

/**
 * The start-up banner (issue 23 point 2): where the app is, which database and mail it uses (never a password),
 * and what to do next. On a terminal it is printed as a few lines; in JSON logs it is one line with these fields.
 */
export interface StartupSummary {
  url: string;
  database: string;
  mail: string;
  /** The one-time link to create the first Director, while none exists. */
  setupUrl: string | null;
  readyInMs: number;
}

/** `http://127.0.0.1:5000`; a wildcard address (0.0.0.0, ::) is shown as localhost. */
export function localUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** A connection string's server and database, without user or password: `db.internal:5432/intel`. */
export function describeServer(url: string, defaultPort: number): string {
  try {
    const parsed = new URL(url);
    const database = parsed.pathname.replace(/^\//, '');
    return `${parsed.hostname}:${parsed.port || defaultPort}${database ? `/${database}` : ''}`;
  } catch {
    return 'an address that does not parse';
  }
}

export function describeDatabase(config: Pick<AppConfig, 'DATABASE_URL' | 'DATA_DIR'>): string {
  if (!config.DATABASE_URL) return `embedded PostgreSQL in ${path.resolve(config.DATA_DIR, 'postgres')}`;
  return `PostgreSQL at ${describeServer(config.DATABASE_URL, 5432)}`;
}

export function describeMail(config: Pick<AppConfig, 'SMTP_URL'>): string {
  if (!config.SMTP_URL) return 'kept in the outbox (SMTP_URL unset): npm run cli -- mail:list';
  const secure = config.SMTP_URL.startsWith('smtps:');
  return `SMTP ${describeServer(config.SMTP_URL, secure ? 465 : 587)}${secure ? ' (TLS)' : ''}`;
}

const style = (code: string, color: boolean) => (text: string) =>
  color ? `\x1b[${code}m${text}\x1b[0m` : text;

/** The banner as terminal lines. */
export function formatBanner(summary: StartupSummary, color: boolean): string {
  const bold = style('1', color);
  const dim = style('2', color);
  const green = style('32', color);
  const yellow = style('33', color);
  const row = (label: string, value: string) => `  ${dim(label.padEnd(10))}${value}`;
  const next = summary.setupUrl
    ? [
        row(
          'next',
          yellow('No Director yet. Create the first one (link valid until used, new at each start):'),
        ),
        `  ${' '.repeat(10)}${bold(summary.setupUrl)}`,
        `  ${' '.repeat(10)}${dim('or: npm run cli -- user:create --email E --tier 4   (asks for the password)')}`,
      ]
    : [row('next', `open ${summary.url} and sign in; Ctrl-C stops the server and the database`)];
  return [
    '',
    `  ${green('●')} ${bold('Intel Portal')} ready in ${(summary.readyInMs / 1000).toFixed(1)} s  ${bold(summary.url)}`,
    row('database', summary.database),
    row('mail', summary.mail),
    ...next,
    '',
    '',
  ].join('\n');
}
