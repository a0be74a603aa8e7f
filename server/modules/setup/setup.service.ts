import {
  SETUP_FAILURES_MAX,
  SETUP_FAILURES_WINDOW_MIN,
  type SetupDirectorRequest,
} from '../../../contract/setup.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto.js';
import * as auth from '../auth/auth.service.js';
import * as registration from '../auth/registration.service.js';
import * as sessions from '../auth/sessions.service.js';
import * as rateLimits from '../rate-limits/rate-limits.service.js';
import * as repository from './setup.repository.js';

/*
 * The first Director without the CLI (issue 23 point 4, like Ghost's and Grafana's first-run pages). While no
 * Director exists, every start of the server issues a new random token (only its SHA-256 is stored, so a copy of
 * the database does not give the link) and prints `{base}/setup?token=T`; the link creates one Director and is
 * then spent. Once any Director exists, everything here answers 404, whoever asks. Wrong tokens are counted per
 * IP address (429 after SETUP_FAILURES_MAX in the window) and compared in constant time. The CLI's
 * `user:create --tier 4` works as before and spends the link too (a Director then exists).
 */

const limit = { max: SETUP_FAILURES_MAX, windowMs: SETUP_FAILURES_WINDOW_MIN * 60_000 };
const limitKey = (ip: string) => `setup:${ip}`;

const invalidLink = () =>
  new AppError(
    'TOKEN_INVALID',
    'This setup link is not valid: use the one the server printed at its last start.',
  );

/**
 * At start-up: a new token when no Director exists (returned, to be printed), none otherwise (and any old one is
 * deleted). Each start replaces the previous token, so only the last printed link works.
 */
export async function issueToken(ctx: AppContext): Promise<string | null> {
  if (await auth.directorExists(ctx.db)) {
    await repository.deleteToken(ctx.db);
    return null;
  }
  const token = randomToken(32);
  await repository.saveTokenHash(ctx.db, sha256(token));
  return token;
}

/** 404 once a Director exists; 429 after too many wrong tokens; 400 TOKEN_INVALID for a wrong one. */
async function assertValidToken(ctx: AppContext, token: string, meta: RequestMeta): Promise<string> {
  if (await auth.directorExists(ctx.db)) throw notFound('Setup');
  await rateLimits.countAttempt(ctx.db, limitKey(meta.ip), limit);
  const given = sha256(token);
  const stored = await repository.findTokenHash(ctx.db);
  // Both sides are hex SHA-256 digests of the same length: the comparison takes the same time wherever they differ.
  if (stored === null || !safeEqual(given, stored)) throw invalidLink();
  await rateLimits.reset(ctx.db, limitKey(meta.ip));
  return given;
}

/** `POST /api/setup/check`: the page asks before showing the form. */
export async function checkToken(ctx: AppContext, token: string, meta: RequestMeta): Promise<void> {
  await assertValidToken(ctx, token, meta);
}

/**
 * `POST /api/setup/director`: creates the first Director and signs them in (the page then offers 2FA at once,
 * through the ordinary MFA setup). The token is taken by a conditional delete before the account is made, so two
 * requests with the same link cannot both succeed; if the account cannot be made (its address is taken), the token
 * is put back.
 */
export async function createFirstDirector(
  ctx: AppContext,
  input: SetupDirectorRequest,
  meta: RequestMeta,
  previousToken?: string,
): Promise<{ user: UserRow; session: sessions.NewSession }> {
  const tokenHash = await assertValidToken(ctx, input.token, meta);
  if (!(await repository.takeToken(ctx.db, tokenHash))) throw invalidLink();
  let user: UserRow;
  try {
    user = await registration.createUser(
      ctx,
      {
        email: input.email,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        tier: 4,
      },
      { ...meta, action: 'user.created' },
    );
  } catch (error) {
    await repository.restoreToken(ctx.db, tokenHash);
    throw error;
  }
  await rateLimits.reset(ctx.db, limitKey(meta.ip));
  if (previousToken) await sessions.endSession(ctx, previousToken);
  return { user, session: await sessions.startSession(ctx, ctx.db, user.id, meta) };
}

/** Whether the setup page is still open (no Director yet): `GET /setup` answers 404 otherwise. */
export async function isOpen(ctx: AppContext): Promise<boolean> {
  return !(await auth.directorExists(ctx.db));
}
