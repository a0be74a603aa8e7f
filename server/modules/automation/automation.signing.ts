import { randomBytes } from 'node:crypto';
import type { AutomationSigningSecret, AutomationSigningSecretStatus } from '../../../contract/automation.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext } from '../../infra/context.js';
import { signWebhook } from '../../infra/outbound.js';
import { SecretBox } from '../../lib/secret-box.js';
import * as repository from './automation.repository.js';

/*
 * Signing of rules' webhook actions (design 11.5): each user has one key, made and replaced by
 * `POST /api/automation/signing-secret`, shown once and kept sealed. Every webhook a rule sends carries the same
 * `X-Timestamp` and `X-Signature: sha256=<hex HMAC-SHA256 of "timestamp.body">` as webhook integrations.
 */

/** Its own key, derived from the same configured secret as the integrations' and 2FA boxes. */
const box = (ctx: AppContext) => new SecretBox(`automation-signing:${ctx.config.mfaEncryptionKey}`);

export async function signingSecretStatus(
  ctx: AppContext,
  user: UserRow,
): Promise<AutomationSigningSecretStatus> {
  const row = await repository.findSigningSecret(ctx.db, user.id);
  return { configured: row !== null, createdAt: row?.createdAt.toISOString() ?? null };
}

/** A new key, replacing the previous one at once (a receiver still checking with the old one then refuses). */
export async function rotateSigningSecret(ctx: AppContext, user: UserRow): Promise<AutomationSigningSecret> {
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  await repository.putSigningSecret(ctx.db, user.id, box(ctx).seal(secret));
  return { secret };
}

/** The headers that sign `body` with the user's key; null when the user has none yet. */
export async function signatureHeaders(
  ctx: AppContext,
  userId: string,
  body: string,
  now = new Date(),
): Promise<Record<string, string> | null> {
  const row = await repository.findSigningSecret(ctx.db, userId);
  if (!row) return null;
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'x-timestamp': String(timestamp),
    'x-signature': `sha256=${signWebhook(box(ctx).open(row.secret), timestamp, body)}`,
  };
}
