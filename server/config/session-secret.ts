import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from '../lib/crypto.js';
import type { Env } from './env.js';

/** SESSION_SECRET, or in development one generated once and kept in DATA_DIR (production requires it). */
export async function resolveSessionSecret(env: Env): Promise<string> {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.resolve(env.DATA_DIR, 'session-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomToken(48);
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
