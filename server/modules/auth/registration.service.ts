import type { RegisterRequest } from '../../../contract/auth.js';
import type { Tier } from '../../../contract/tiers.js';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { randomToken } from '../../lib/crypto.js';
import { conflict } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import * as audit from '../audit/audit.service.js';
import * as rateLimits from '../rate-limits/rate-limits.service.js';
import * as repository from './auth.repository.js';
import { queueVerification } from './email-verification.service.js';
import { deviceLabel, endSession, startSession, type NewSession } from './sessions.service.js';

/* New accounts: registration, and the CLI's accounts, each with a link to verify the address. */

const MINUTE = 60_000;

export interface CreateUserInput {
  email: string;
  password: string;
  firstName?: string | null;
  lastName?: string | null;
  tier?: Tier;
}

/**
 * Creates an account (registration and the CLI come here) and mails a link to verify its address, in one
 * transaction; 409 when the email is taken.
 */
export async function createUser(
  ctx: AppContext,
  input: CreateUserInput,
  meta: { ip?: string; userAgent?: string; action: 'auth.registered' | 'user.created' },
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const user = await repository.insertUser(tx, {
      email: input.email.trim().toLowerCase(),
      passwordHash,
      firstName: input.firstName?.trim() || null,
      lastName: input.lastName?.trim() || null,
      tier: input.tier ?? 1,
    });
    if (!user) throw conflict('An account with this email already exists');
    await audit.record(tx, {
      action: meta.action,
      userId: user.id,
      ip: meta.ip,
      details: {
        tier: user.tier,
        ...(meta.userAgent !== undefined ? { device: deviceLabel(meta.userAgent) } : {}),
      },
    });
    await queueVerification(ctx, tx, user);
    return user;
  });
}

/**
 * An account the organisation's identity provider or directory vouches for (single sign-on, SCIM), in the caller's
 * transaction: its address counts as verified, and its password is a random one nobody knows (a reset link sets
 * one, where the organisation allows passwords). Null when the address is taken.
 */
export async function createProvisionedUser(
  tx: DbOrTx,
  input: { email: string; firstName?: string | null; lastName?: string | null },
  audited: { via: 'sso' | 'scim'; organizationId: string; ip?: string | null },
): Promise<UserRow | null> {
  const user = await repository.insertUser(tx, {
    email: input.email.trim().toLowerCase(),
    passwordHash: await hashPassword(randomToken(32)),
    firstName: input.firstName?.trim() || null,
    lastName: input.lastName?.trim() || null,
    tier: 1,
    emailVerifiedAt: new Date(),
  });
  if (!user) return null;
  await audit.record(tx, {
    action: 'auth.provisioned',
    userId: audited.via === 'sso' ? user.id : null,
    subjectType: 'user',
    subject: user.id,
    subjectUserId: user.id,
    ip: audited.ip ?? null,
    details: { via: audited.via, organizationId: audited.organizationId, email: user.email },
  });
  return user;
}

/** `POST /api/auth/register`: a new account, signed in at once (replacing any session the browser had). */
export async function register(
  ctx: AppContext,
  input: RegisterRequest,
  meta: RequestMeta,
  previousToken?: string,
): Promise<{ user: UserRow; session: NewSession }> {
  await rateLimits.consume(ctx.db, `register:${meta.ip}`, {
    max: ctx.config.RATE_LIMIT_REGISTER_MAX,
    windowMs: ctx.config.RATE_LIMIT_REGISTER_WINDOW_MIN * MINUTE,
  });
  const user = await createUser(ctx, input, { ...meta, action: 'auth.registered' });
  if (previousToken) await endSession(ctx, previousToken);
  return { user, session: await startSession(ctx, ctx.db, user.id, meta) };
}
