import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { validationFailed } from '../../lib/errors.js';
import * as audit from '../audit/audit.service.js';
import { checkCurrentPassword } from '../auth/account-changes.service.js';
import * as sessions from '../auth/sessions.service.js';
import * as ceremonies from '../passkeys/ceremonies.service.js';
import type { RelyingParty } from '../passkeys/relying-party.js';
import { verifyCode } from './mfa.service.js';

/**
 * Re-authentication (design 12.2): the signed-in session proves one factor again, and the actions that change how
 * the account is protected are open to it for REAUTH_WINDOW_SECONDS. A wrong password or passkey counts under the
 * sign-in failure limit, a wrong code under the 2FA code limit, as everywhere else.
 */
export type ReauthProof =
  { password: string } | { code: string } | { passkey: AuthenticationResponseJSON; rp: RelyingParty };

export async function reauthenticate(
  ctx: AppContext,
  user: UserRow,
  token: string,
  proof: ReauthProof,
  meta: RequestMeta,
): Promise<Date> {
  let method: 'password' | 'code' | 'passkey';
  if ('password' in proof) {
    method = 'password';
    await checkCurrentPassword(ctx, user, proof.password, {
      path: 'password',
      message: 'Password is incorrect',
    });
  } else if ('code' in proof) {
    method = 'code';
    if (!user.mfaEnabled) {
      throw validationFailed([{ path: 'code', message: 'Two-factor authentication is not enabled' }]);
    }
    await verifyCode(ctx, user, proof.code, meta);
  } else {
    method = 'passkey';
    await ceremonies.verifyAssertion(ctx, proof.rp, proof.passkey, 'reauth', { userId: user.id, meta });
  }
  const until = await sessions.markReauthenticated(ctx, token);
  await audit.record(ctx.db, {
    action: 'auth.reauthenticated',
    userId: user.id,
    subjectType: 'user',
    subject: user.id,
    ip: meta.ip,
    details: { method },
  });
  return until;
}
