import { EMAIL_VERIFY_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES } from '../../../contract/auth.js';
import type { DbOrTx } from '../../db/client.js';
import type { EmailTokenPurpose } from '../../db/schema/index.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext } from '../../infra/context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import * as repository from './auth.repository.js';

/**
 * The account's life outside the browser tab: password reset, verified addresses, password and
 * address changes. Every link is a single-use token of 32 random bytes of which only a SHA-256 is stored; every
 * mail is written to the outbox in the transaction of the change it reports.
 *
 * This file holds what their mails share: the link tokens, the greeting and the sending limits.
 */

const MINUTE = 60_000;
const TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  password_reset: PASSWORD_RESET_TTL_MINUTES * MINUTE,
  email_verify: EMAIL_VERIFY_TTL_HOURS * 60 * MINUTE,
  email_change: EMAIL_VERIFY_TTL_HOURS * 60 * MINUTE,
};

export const tokenInvalid = () =>
  new AppError('TOKEN_INVALID', 'This link is invalid or has expired. Ask for a new one.');

/** Issues a link token of `purpose` for `email`, retiring the user's earlier unused ones of the same kind. */
export async function issueToken(
  db: DbOrTx,
  user: UserRow,
  purpose: EmailTokenPurpose,
  email = user.email,
): Promise<string> {
  const token = randomToken(32);
  await repository.retireEmailTokens(db, user.id, purpose);
  await repository.insertEmailToken(db, {
    userId: user.id,
    purpose,
    tokenHash: sha256(token),
    email,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/** An expired link is kept a day, then deleted by the `auth.purge-expired-links` schedule. */
const EXPIRED_LINK_KEPT_MS = 24 * 60 * MINUTE;

/** Deletes links that expired more than a day ago (used or not); they can never be used again. */
export async function purgeExpiredLinks(ctx: AppContext, now = new Date()): Promise<number> {
  return repository.deleteEmailTokensExpiredBefore(ctx.db, new Date(now.getTime() - EXPIRED_LINK_KEPT_MS));
}

export const greeting = (user: UserRow) => `Hello ${user.firstName ?? 'there'},`;

export function mailLimits(ctx: AppContext) {
  const windowMs = ctx.config.RATE_LIMIT_MAIL_WINDOW_MIN * MINUTE;
  return {
    perAddress: { max: ctx.config.RATE_LIMIT_MAIL_PER_ADDRESS_MAX, windowMs },
    perIp: { max: ctx.config.RATE_LIMIT_MAIL_PER_IP_MAX, windowMs },
  };
}
