import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { SignedInUser } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import * as auth from '../auth/auth.service.js';
import * as sessions from '../auth/sessions.service.js';
import type { NewSession } from '../auth/sessions.service.js';
import * as signIn from '../auth/sign-in.service.js';
import * as ceremonies from './ceremonies.service.js';
import type { RelyingParty } from './relying-party.js';

/**
 * Signing in with a passkey, no address typed (a discoverable credential, offered in the browser's autofill too).
 * The passkey verified with user verification is both factors: the sign-in is complete, 2FA included (design 12.2).
 */
export async function signInWithPasskey(
  ctx: AppContext,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  meta: RequestMeta,
  previousToken?: string,
): Promise<{ user: SignedInUser; session: NewSession }> {
  const caller = { userId: null, meta };
  const passkey = await ceremonies.verifyAssertion(ctx, rp, response, 'sign-in', caller);
  const user = await auth.findUser(ctx.db, passkey.userId);
  if (!user || user.deletedAt) return ceremonies.refuse(ctx, 'sign-in', caller, 'account deleted');
  await signIn.refuseUnlessAllowed(ctx, user, 'passkey', meta);
  if (previousToken) await sessions.endSession(ctx, previousToken);
  const session = await signIn.completeSignIn(ctx, user.id, meta, 'passkey');
  // As the password sign-in answers: with the effective tier and the organisation (design 12.3).
  return { user: await sessions.loadSignedInUser(ctx.db, user), session };
}
