import { EMAIL_VERIFY_TTL_HOURS } from '../../../contract/auth.js';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { emitSecurityEvent } from '../../infra/events.js';
import type { MailContent } from '../../infra/mail.js';
import { publicUrl } from '../../infra/public-url.js';
import { sha256 } from '../../lib/crypto.js';
import { conflict } from '../../lib/errors.js';
import * as audit from '../audit/audit.service.js';
import * as mail from '../mail/mail.service.js';
import * as notifications from '../notifications/notifications.service.js';
import * as organization from '../organization/organization.service.js';
import * as rateLimits from '../rate-limits/rate-limits.service.js';
import { greeting, issueToken, mailLimits, tokenInvalid } from './account-mail.js';
import * as repository from './auth.repository.js';

/* Verified addresses: a registration's link verifies the address, an address change's link moves the account to it. */

export function verificationMail(user: UserRow, link: string, email: string, change: boolean): MailContent {
  return change
    ? {
        subject: 'Confirm your new Intel Portal address',
        greeting: greeting(user),
        paragraphs: [
          `You asked to sign in to Intel Portal with ${email} from now on. Open the link below to confirm it; until then your address stays as it is.`,
          `The link works once, for ${EMAIL_VERIFY_TTL_HOURS} hours. If you did not ask for this, ignore this e-mail.`,
        ],
        action: { label: 'Confirm this address', url: link },
        footer: 'You get this e-mail because this address was entered as a new sign-in address.',
      }
    : {
        subject: 'Verify your Intel Portal e-mail address',
        greeting: greeting(user),
        paragraphs: [
          'Welcome to Intel Portal. Open the link below to verify that this address is yours; until then we send it account mail only.',
          `The link works once, for ${EMAIL_VERIFY_TTL_HOURS} hours.`,
        ],
        action: { label: 'Verify my address', url: link },
        footer: 'You get this e-mail because an Intel Portal account was made with this address.',
      };
}

/** Writes a verification link for the user's address and its mail, in the caller's transaction. */
export async function queueVerification(ctx: AppContext, tx: DbOrTx, user: UserRow): Promise<void> {
  const token = await issueToken(tx, user, 'email_verify');
  await mail.queueMail(ctx, tx, {
    userId: user.id,
    to: user.email,
    kind: 'email_verify',
    content: verificationMail(user, publicUrl(ctx.config, `/verify-email?token=${token}`), user.email, false),
  });
}

/** `POST /api/auth/verify-email/resend`: a new link (the earlier ones stop working); 409 once verified. */
export async function resendVerification(ctx: AppContext, user: UserRow, meta: RequestMeta): Promise<void> {
  if (user.emailVerifiedAt) throw conflict('Your e-mail address is already verified');
  const limits = mailLimits(ctx);
  await rateLimits.consume(ctx.db, `mail-ip:${meta.ip}`, limits.perIp);
  await rateLimits.consume(ctx.db, `verify-resend:${user.id}`, limits.perAddress);
  await ctx.db.transaction((tx) => queueVerification(ctx, tx, user));
}

/**
 * `POST /api/auth/verify-email`: a registration's link verifies the address it was sent to; an address change's
 * link makes the new address the account's (verified), and the old address is told. 409 when another account
 * took the new address meanwhile.
 */
export async function verifyEmail(ctx: AppContext, rawToken: string, meta: RequestMeta): Promise<void> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const token = await repository.useEmailToken(tx, sha256(rawToken), ['email_verify', 'email_change']);
    const user = token ? await repository.lockUserById(tx, token.userId) : null;
    if (!token || !user) throw tokenInvalid();
    if (token.purpose === 'email_verify') {
      if (user.email !== token.email) throw tokenInvalid();
      await repository.markEmailVerified(tx, user.id);
      await audit.record(tx, { action: 'auth.email_verified', userId: user.id, ip: meta.ip });
      await organization.joinByVerifiedAddress(ctx, tx, user, meta.ip);
      return { userId: user.id, change: null };
    }
    // Told before the change, so the notice goes to the address the account had.
    const change = { userId: user.id, from: user.email, to: token.email };
    await notifications.notifySecurity(ctx, tx, 'security.email_changed', change);
    const updated = await repository.changeEmail(tx, user.id, token.email).catch(rethrowTaken);
    if (!updated) throw conflict('An account with this email already exists');
    await audit.record(tx, {
      action: 'auth.email_changed',
      userId: user.id,
      ip: meta.ip,
      details: { from: change.from, to: change.to },
    });
    // A verified new address on a client's domain joins it as much as a first one does.
    await organization.joinByVerifiedAddress(ctx, tx, updated, meta.ip);
    return { userId: user.id, change };
  });
  // This instance sees the new state at once; the others hear of it through the change feed.
  ctx.forgetUser(outcome.userId);
  if (outcome.change) await emitSecurityEvent(ctx.events, 'security.email_changed', outcome.change);
}

/** Two changes to one address at the same moment: the unique index decides, and the loser gets a 409. */
function rethrowTaken(error: unknown): never {
  const code =
    (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
  if (code === '23505') throw conflict('An account with this email already exists');
  throw error;
}
