import { z } from 'zod';
import { PASSWORD_RESET_TTL_MINUTES, type PasswordResetConfirm } from '../../../contract/auth.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { defineJob } from '../../infra/job.js';
import { emitSecurityEvent } from '../../infra/events.js';
import { publicUrl } from '../../infra/public-url.js';
import { sha256 } from '../../lib/crypto.js';
import { hashPassword } from '../../lib/passwords.js';
import * as audit from '../audit/audit.service.js';
import * as mail from '../mail/mail.service.js';
import * as notifications from '../notifications/notifications.service.js';
import * as rateLimits from '../rate-limits/rate-limits.service.js';
import { greeting, issueToken, mailLimits, tokenInvalid } from './account-mail.js';
import * as repository from './auth.repository.js';
import { findUserByEmail } from './auth.service.js';

/* Password reset: asked for by address (or by an operator), mailed by a job, confirmed with the link's token. */

/**
 * The reset job: mails the link when the address has an account; nothing otherwise. Every reset request queues one,
 * known address or not: a few workers keep up with a burst.
 */
export const resetMailJob = defineJob({
  name: 'auth.password-reset-mail',
  payload: z.object({ email: z.string(), ip: z.string() }),
  retry: { retryLimit: 3, retryDelay: 5, retryBackoff: true },
  concurrency: 4,
  async handle(ctx, data) {
    await sendResetLink(ctx, data.email, { ip: data.ip });
  },
});

/**
 * `POST /api/auth/password-reset`: the same 202 for every address, known or not, after the same work: the limits
 * are counted and a job is queued; whether an account exists is only looked at by the job, so neither the answer
 * nor its timing tells.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  const limits = mailLimits(ctx);
  // One transaction, one commit: a 429 takes back the job and leaves the counters as they were, which limits the
  // same. The per-IP counter, the row that requests from one address share, is locked last, for the least time.
  await ctx.db.transaction(async (tx) => {
    await ctx.queue.send(resetMailJob, { email, ip: meta.ip }, { tx });
    await rateLimits.consume(tx, `password-reset:${email}`, limits.perAddress);
    await rateLimits.consume(tx, `mail-ip:${meta.ip}`, limits.perIp);
  });
}

/** Writes a reset link for the account at `email` (if any) and its mail; returns the link, null without account. */
export async function sendResetLink(
  ctx: AppContext,
  email: string,
  meta: { ip?: string; by?: 'operator' },
): Promise<{ link: string; mailId: string } | null> {
  const user = await findUserByEmail(ctx, email);
  if (!user) return null;
  return ctx.db.transaction(async (tx) => {
    const token = await issueToken(tx, user, 'password_reset');
    const link = publicUrl(ctx.config, `/reset-password?token=${token}`);
    const mailId = await mail.queueMail(ctx, tx, {
      userId: user.id,
      to: user.email,
      kind: 'password_reset',
      content: {
        subject: 'Reset your Intel Portal password',
        greeting: greeting(user),
        paragraphs: [
          'Someone (we hope you) asked to reset the password of your Intel Portal account.',
          `The link below works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
        ],
        action: { label: 'Choose a new password', url: link },
        footer: 'You get this e-mail because a password reset was asked for this address.',
      },
    });
    await audit.record(tx, {
      action: 'auth.password_reset_requested',
      userId: user.id,
      ip: meta.ip,
      details: meta.by ? { by: meta.by } : {},
    });
    return { link, mailId };
  });
}

/**
 * `POST /api/auth/password-reset/confirm`: the link's token sets a new password once. Every session of the user
 * ends; two-factor authentication stays on. Opening the link also proves the address is the user's.
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  input: PasswordResetConfirm,
  meta: RequestMeta,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    const token = await repository.useEmailToken(tx, sha256(input.token), ['password_reset']);
    const user = token ? await repository.lockUserById(tx, token.userId) : null;
    // A link sent to an address the account no longer has does not count.
    if (!token || !user || user.email !== token.email) throw tokenInvalid();
    await repository.updatePassword(tx, user.id, passwordHash);
    await repository.markEmailVerified(tx, user.id);
    await repository.deleteSessionsExcept(tx, user.id, null);
    await audit.record(tx, {
      action: 'auth.password_reset',
      userId: user.id,
      subjectType: 'user',
      subject: user.id,
      ip: meta.ip,
    });
    await notifications.notifySecurity(ctx, tx, 'security.password_changed', {
      userId: user.id,
      how: 'reset',
    });
    return user.id;
  });
  ctx.forgetUser(userId);
  await emitSecurityEvent(ctx.events, 'security.password_changed', { userId, how: 'reset' });
}
