import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from '../lib/crypto.js';
import type { AppConfig, Env } from './env.js';

/** A configured secret, or in development one generated once and kept in DATA_DIR (production requires it). */
async function resolveSecret(dataDir: string, value: string | undefined, fileName: string): Promise<string> {
  if (value) return value;
  const file = path.resolve(dataDir, fileName);
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomToken(48);
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/** The environment plus the secrets it names or DATA_DIR holds: the configuration every part of the app reads. */
export async function loadConfig(env: Env): Promise<AppConfig> {
  return Object.freeze({
    ...env,
    sessionSecret: await resolveSecret(env.DATA_DIR, env.SESSION_SECRET, 'session-secret'),
    mfaEncryptionKey: await resolveSecret(env.DATA_DIR, env.MFA_ENCRYPTION_KEY, 'mfa-encryption-key'),
  });
}
