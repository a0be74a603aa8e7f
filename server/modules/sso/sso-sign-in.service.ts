import * as oidc from 'openid-client';
import { safeReturnTo } from '../../../contract/auth.js';
import { SSO_FAILED_PATH, SSO_SCOPES, SSO_TEST_OK, type SsoFailure } from '../../../contract/sso.js';
import type { OrganizationSsoRow } from '../../db/schema/sso.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { sha256 } from '../../lib/crypto.js';
import * as audit from '../audit/audit.service.js';
import * as auth from '../auth/auth.service.js';
import * as registration from '../auth/registration.service.js';
import * as sessions from '../auth/sessions.service.js';
import type { NewSession } from '../auth/sessions.service.js';
import * as signIn from '../auth/sign-in.service.js';
import type { ClientRow } from '../organization/organization.service.js';
import * as organization from '../organization/organization.service.js';
import { issuerConfiguration } from './oidc-issuer.js';
import { clientSecretOf, redirectUri } from './sso-settings.service.js';
import * as repository from './sso.repository.js';

/*
 * Signing in through an organisation's identity provider (design 12.4, decision 040): the authorization code flow
 * with PKCE (S256), state and nonce, by openid-client; the ID token is validated by the library (signature against
 * the issuer's JWKS, iss, aud, exp, nonce), then the e-mail must be verified and on the client's domain. The account
 * and the membership are made just in time, and the session is the one every sign-in makes. Any failure sends the
 * browser to /login?error=sso with an audit event; an owner's test sign-in goes back to the Organisation page with
 * the reason instead, and signs nobody in.
 */

/** A pending sign-in lives this long: the person types a password and perhaps a code at the identity provider. */
const PENDING_LIFETIME_MS = 10 * 60_000;
export const PENDING_LIFETIME_SECONDS = PENDING_LIFETIME_MS / 1000;

class SsoFailed extends Error {
  constructor(
    readonly reason: SsoFailure,
    readonly detail?: string,
  ) {
    super(reason);
  }
}

export interface SsoOutcome {
  /** Where the browser goes next. */
  location: string;
  /** A new session to set (a completed sign-in), or nothing. */
  session?: NewSession;
  /** The state to bind to this browser in a short-lived cookie (a started sign-in). */
  state?: string;
}

async function settingsFor(
  ctx: AppContext,
  input: { email?: string; organization?: string },
): Promise<{ client: ClientRow; settings: OrganizationSsoRow } | null> {
  let settings: OrganizationSsoRow | null = null;
  if (input.organization) {
    const client = await organization.findClient(ctx.db, input.organization);
    settings = client && (await repository.findSettings(ctx.db, client.id));
  } else if (input.email) {
    const domain = input.email.trim().toLowerCase().split('@')[1];
    settings = domain ? await repository.findSettingsByDomain(ctx.db, domain) : null;
  }
  const client = settings && (await organization.findClient(ctx.db, settings.clientId));
  return client && settings ? { client, settings } : null;
}

function configurationFor(ctx: AppContext, settings: OrganizationSsoRow) {
  return issuerConfiguration(ctx, {
    issuer: settings.issuer,
    oidcClientId: settings.oidcClientId,
    clientSecret: clientSecretOf(ctx, settings),
  }).catch((error: unknown) => {
    throw new SsoFailed('discovery_failed', error instanceof Error ? error.message : undefined);
  });
}

async function recordFailure(
  ctx: AppContext,
  failure: SsoFailed,
  context: { organizationId?: string; email?: string; testedBy?: string | null },
  meta: RequestMeta,
) {
  await audit.record(ctx.db, {
    action: 'auth.sso_failed',
    userId: context.testedBy ?? null,
    subjectType: context.email ? 'email' : null,
    subject: context.email ?? null,
    subjectUserId: null,
    ip: meta.ip,
    details: {
      reason: failure.reason,
      ...(failure.detail ? { detail: failure.detail.slice(0, 300) } : {}),
      ...(context.organizationId ? { organizationId: context.organizationId } : {}),
      ...(context.testedBy ? { test: true } : {}),
    },
  });
}

function failedLocation(failure: SsoFailed, testedBy: string | null | undefined): string {
  return testedBy ? `/organization?ssoTest=${failure.reason}` : SSO_FAILED_PATH;
}

/**
 * `GET /api/auth/sso/start`: the pending sign-in is stored (state hashed, PKCE verifier, nonce, where to return) and
 * the browser sent to the issuer's authorization endpoint. `tester` is the signed-in owner of a test sign-in.
 */
export async function start(
  ctx: AppContext,
  input: { email?: string; organization?: string; returnTo?: string; test?: boolean },
  tester: { id: string } | null,
  meta: RequestMeta,
): Promise<SsoOutcome> {
  let testedBy: string | null = null;
  let organizationId: string | undefined;
  try {
    const found = await settingsFor(ctx, input);
    if (!found) throw new SsoFailed('not_configured');
    organizationId = found.client.id;
    if (input.test) {
      // Only an owner of this very organisation tests it; anyone else just signs in.
      const membership = tester && (await organization.findMembership(ctx.db, tester.id));
      if (membership?.clientId === found.client.id && membership.role === 'owner') testedBy = tester!.id;
    }
    const configuration = await configurationFor(ctx, found.settings);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await repository.insertLogin(ctx.db, {
      stateHash: sha256(state),
      clientId: found.client.id,
      codeVerifier,
      nonce,
      returnTo: safeReturnTo(input.returnTo),
      testedBy,
      expiresAt: new Date(Date.now() + PENDING_LIFETIME_MS),
    });
    const email = input.email?.trim().toLowerCase();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri(ctx),
      scope: SSO_SCOPES,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...(email ? { login_hint: email } : {}),
    });
    return { location: url.href, state };
  } catch (error) {
    if (!(error instanceof SsoFailed)) throw error;
    await recordFailure(ctx, error, { organizationId, email: input.email, testedBy }, meta);
    return { location: failedLocation(error, testedBy) };
  }
}

/** The verified address of the ID token's claims, on the client's domain. */
function addressOf(claims: oidc.IDToken | undefined, client: ClientRow): string {
  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email) throw new SsoFailed('email_missing');
  if (claims?.email_verified !== true) throw new SsoFailed('email_unverified');
  if (email.split('@')[1] !== client.domain.toLowerCase()) throw new SsoFailed('email_domain');
  return email;
}

/**
 * The account for the address: an existing one (which must not be deactivated, deleted or another organisation's
 * member) or a new one, and the membership (`member`, via `sso`) when it has none, just in time.
 */
async function accountFor(
  ctx: AppContext,
  client: ClientRow,
  email: string,
  claims: oidc.IDToken,
  meta: RequestMeta,
): Promise<UserRow> {
  const names = {
    firstName: typeof claims.given_name === 'string' ? claims.given_name.slice(0, 100) : null,
    lastName: typeof claims.family_name === 'string' ? claims.family_name.slice(0, 100) : null,
  };
  const user = await ctx.db.transaction(async (tx) => {
    let row = await auth.findUserByEmail(ctx, email);
    row ??= await registration.createProvisionedUser(
      tx,
      { email, ...names },
      {
        via: 'sso',
        organizationId: client.id,
        ip: meta.ip,
      },
    );
    // Made by a sign-in of the same address in the same instant: it is that account.
    row ??= await auth.findUserByEmail(ctx, email);
    if (!row || row.deletedAt || row.deactivatedAt) throw new SsoFailed('account_unavailable');
    const membership = await organization.findMembership(tx, row.id);
    if (membership && membership.clientId !== client.id) throw new SsoFailed('account_unavailable');
    if (!membership) {
      await organization.addMember(ctx, tx, {
        client,
        user: row,
        role: 'member',
        via: 'sso',
        actorId: row.id,
        ip: meta.ip,
      });
    }
    return row;
  });
  ctx.forgetUser(user.id);
  return user;
}

/**
 * `GET /api/auth/sso/callback`: the state must be this browser's (`boundState`, its cookie) and a pending sign-in's
 * (taken once); the code is exchanged and the ID token validated by openid-client; then the address is checked and
 * the person signed in.
 */
export async function callback(
  ctx: AppContext,
  query: Record<string, string | undefined>,
  boundState: string | undefined,
  meta: RequestMeta,
  previousToken: string | undefined,
): Promise<SsoOutcome> {
  const state = query.state;
  let context: { organizationId?: string; email?: string; testedBy?: string | null } = {};
  try {
    if (!state || state.length > 200 || boundState !== state) {
      throw new SsoFailed(
        'state_invalid',
        boundState ? 'state differs from this browser’s' : 'no state cookie',
      );
    }
    const pending = await repository.takeLogin(ctx.db, sha256(state));
    if (!pending) throw new SsoFailed('state_invalid', 'unknown, used or expired state');
    context = { organizationId: pending.clientId, testedBy: pending.testedBy };
    const settings = await repository.findSettings(ctx.db, pending.clientId);
    const client = await organization.findClient(ctx.db, pending.clientId);
    if (!settings || !client) throw new SsoFailed('not_configured');
    if (query.error) throw new SsoFailed('idp_error', `${query.error}: ${query.error_description ?? ''}`);

    const configuration = await configurationFor(ctx, settings);
    const currentUrl = new URL(redirectUri(ctx));
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) currentUrl.searchParams.set(name, value);
    }
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      const detail = error instanceof Error ? error.message : undefined;
      const refusedByIssuer =
        error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError;
      throw new SsoFailed(refusedByIssuer ? 'token_exchange_failed' : 'id_token_invalid', detail);
    }
    const claims = tokens.claims();
    if (!claims) throw new SsoFailed('id_token_invalid', 'no ID token');
    const email = addressOf(claims, client);
    context.email = email;

    if (pending.testedBy) {
      await audit.record(ctx.db, {
        action: 'organization.sso_tested',
        userId: pending.testedBy,
        subjectType: 'organization',
        subject: client.id,
        subjectUserId: null,
        ip: meta.ip,
        details: { organizationId: client.id, organizationName: client.name, email },
      });
      return { location: `/organization?ssoTest=${SSO_TEST_OK}` };
    }

    const user = await accountFor(ctx, client, email, claims, meta);
    if (previousToken) await sessions.endSession(ctx, previousToken);
    let session: NewSession;
    try {
      session = await signIn.completeSignIn(ctx, user.id, meta, 'sso');
    } catch (error) {
      // Deleted or deactivated between the checks above and the locked row.
      throw new SsoFailed('account_unavailable', error instanceof Error ? error.message : undefined);
    }
    return { location: pending.returnTo ?? '/dashboard', session };
  } catch (error) {
    if (!(error instanceof SsoFailed)) throw error;
    await recordFailure(ctx, error, context, meta);
    return { location: failedLocation(error, context.testedBy) };
  }
}
