import type { ChangeEmailRequest, ChangePasswordRequest } from '../../../contract/auth.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { emitSecurityEvent } from '../../infra/events.js';
import { publicUrl } from '../../infra/public-url.js';
import { conflict, validationFailed, type Issue } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import * as audit from '../audit/audit.service.js';
import * as mail from '../mail/mail.service.js';
import * as notifications from '../notifications/notifications.service.js';
import * as rateLimits from '../rate-limits/rate-limits.service.js';
import { issueToken, mailLimits } from './account-mail.js';
import * as repository from './auth.repository.js';
import { findUserByEmail } from './auth.service.js';
import { verificationMail } from './email-verification.service.js';
import { endOtherSessions } from './sessions.service.js';
import { loginLimit } from './sign-in.service.js';

/* Changes from Settings > Security: a new password, a new address; both need the current password. */

/**
 * The current password, checked with the sign-in's failure limit; a wrong one is a 400 with `issue` (at
 * `currentPassword` for the changes here). Deleting the account checks its password the same way.
 */
export async function checkCurrentPassword(
  ctx: AppContext,
  user: UserRow,
  password: string,
  issue: Issue = { path: 'currentPassword', message: 'Current password is incorrect' },
): Promise<void> {
  const key = `reauth:${user.id}`;
  const limit = loginLimit(ctx);
  await rateLimits.countAttempt(ctx.db, key, limit);
  if (!(await verifyPassword(user.passwordHash, password))) throw validationFailed([issue]);
  await rateLimits.reset(ctx.db, key);
}

/** `POST /api/auth/password`: a new password; every other session ends, this one stays. */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  input: ChangePasswordRequest,
  meta: RequestMeta & { keepToken?: string },
): Promise<void> {
  await checkCurrentPassword(ctx, user, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await repository.updatePassword(tx, user.id, passwordHash);
    await endOtherSessions(ctx, tx, user.id, meta.keepToken);
    await audit.record(tx, {
      action: 'auth.password_changed',
      userId: user.id,
      subjectType: 'user',
      subject: user.id,
      ip: meta.ip,
    });
    await notifications.notifySecurity(ctx, tx, 'security.password_changed', {
      userId: user.id,
      how: 'change',
    });
  });
  ctx.forgetUser(user.id);
  await emitSecurityEvent(ctx.events, 'security.password_changed', { userId: user.id, how: 'change' });
}

/**
 * `POST /api/auth/email`: a link goes to the new address; the change happens when it is opened
 * (`verifyEmail`). A taken address is a 409 now, and again if it is taken before the link is opened.
 */
export async function requestEmailChange(
  ctx: AppContext,
  user: UserRow,
  input: ChangeEmailRequest,
  meta: RequestMeta,
): Promise<void> {
  await checkCurrentPassword(ctx, user, input.currentPassword);
  if (input.newEmail === user.email) {
    throw validationFailed([{ path: 'newEmail', message: 'This is already your address' }]);
  }
  if (await findUserByEmail(ctx, input.newEmail)) throw conflict('An account with this email already exists');
  const limits = mailLimits(ctx);
  await rateLimits.consume(ctx.db, `mail-ip:${meta.ip}`, limits.perIp);
  await rateLimits.consume(ctx.db, `email-change:${user.id}`, limits.perAddress);
  await ctx.db.transaction(async (tx) => {
    const token = await issueToken(tx, user, 'email_change', input.newEmail);
    await mail.queueMail(ctx, tx, {
      userId: user.id,
      to: input.newEmail,
      kind: 'email_change',
      content: verificationMail(
        user,
        publicUrl(ctx.config, `/verify-email?token=${token}`),
        input.newEmail,
        true,
      ),
    });
    await audit.record(tx, {
      action: 'auth.email_change_requested',
      userId: user.id,
      ip: meta.ip,
      details: { to: input.newEmail },
    });
  });
}
