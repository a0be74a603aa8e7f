import { SSO_CALLBACK_PATH, type SsoSettings, type SsoSettingsRequest } from '../../../contract/sso.js';
import type { OrganizationSsoRow } from '../../db/schema/sso.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { OutboundError } from '../../infra/outbound.js';
import { publicUrl } from '../../infra/public-url.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { SecretBox } from '../../lib/secret-box.js';
import * as audit from '../audit/audit.service.js';
import type { Actor } from '../organization/organization.service.js';
import * as organization from '../organization/organization.service.js';
import { issuerConfiguration } from './oidc-issuer.js';
import * as repository from './sso.repository.js';

/* An owner's single sign-on settings (design 12.4): set after the issuer's discovery document was read, shown without
 * the secret, removed. */

const box = (ctx: AppContext) => new SecretBox(`sso-client-secret:${ctx.config.mfaEncryptionKey}`);

/** The address the identity provider sends people back to: registered there, so it never follows a request's Host. */
export function redirectUri(ctx: AppContext): string {
  return publicUrl(ctx.config, SSO_CALLBACK_PATH);
}

export function clientSecretOf(ctx: AppContext, row: OrganizationSsoRow): string {
  return box(ctx).open(row.clientSecretSealed);
}

function present(ctx: AppContext, row: OrganizationSsoRow): SsoSettings {
  return {
    issuer: row.issuer,
    clientId: row.oidcClientId,
    enforced: row.enforced,
    redirectUri: redirectUri(ctx),
    hasSecret: true,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Why an issuer could not be used, in words an owner can act on (the 400's message). */
export function issuerProblem(error: unknown): string {
  // openid-client wraps what its fetch threw.
  let cause: unknown = error;
  for (let depth = 0; depth < 5 && cause instanceof Error; depth += 1) {
    if (cause instanceof OutboundError) break;
    cause = cause.cause;
  }
  if (cause instanceof OutboundError) error = cause;
  if (error instanceof OutboundError) {
    if (error.reason === 'BLOCKED_TARGET')
      return 'The issuer is on a private, loopback or link-local address, which the portal does not call';
    if (error.reason === 'UNRESOLVED') return 'The issuer’s host name could not be resolved';
    if (error.reason === 'TIMEOUT') return 'The issuer did not answer in time';
    return `The issuer could not be reached: ${error.message}`;
  }
  const message = error instanceof Error ? error.message : 'unknown error';
  return `The issuer’s discovery document could not be used: ${message}`;
}

export async function getSettings(ctx: AppContext, user: Actor): Promise<SsoSettings> {
  const { client } = await organization.ownerOf(ctx, user);
  const row = await repository.findSettings(ctx.db, client.id);
  if (!row) throw notFound('Single sign-on settings');
  return present(ctx, row);
}

/** `PUT /api/organization/sso`: the discovery document is read first; 400 with the reason when it cannot be. */
export async function saveSettings(
  ctx: AppContext,
  user: Actor,
  input: Required<Omit<SsoSettingsRequest, 'clientSecret'>> & { clientSecret?: string },
  meta: RequestMeta,
): Promise<SsoSettings> {
  const { client } = await organization.ownerOf(ctx, user);
  const existing = await repository.findSettings(ctx.db, client.id);
  const clientSecret = input.clientSecret?.trim()
    ? input.clientSecret.trim()
    : existing && existing.oidcClientId === input.clientId
      ? clientSecretOf(ctx, existing)
      : null;
  if (!clientSecret) {
    throw validationFailed([
      { path: 'clientSecret', message: 'Enter the client secret the identity provider gave you' },
    ]);
  }
  const issuer = input.issuer.replace(/\/+$/, '');
  try {
    await issuerConfiguration(ctx, { issuer, oidcClientId: input.clientId, clientSecret });
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', issuerProblem(error), {
      issues: [{ path: 'issuer', message: issuerProblem(error) }],
    });
  }
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await repository.upsertSettings(tx, {
      clientId: client.id,
      issuer,
      oidcClientId: input.clientId,
      clientSecretSealed: box(ctx).seal(clientSecret),
      enforced: input.enforced,
      updatedBy: user.id,
    });
    await audit.record(tx, {
      action: 'organization.sso_configured',
      userId: user.id,
      subjectType: 'organization',
      subject: client.id,
      subjectUserId: null,
      ip: meta.ip,
      details: {
        organizationId: client.id,
        organizationName: client.name,
        issuer,
        clientId: input.clientId,
        enforced: input.enforced,
        secretChanged: Boolean(input.clientSecret?.trim()),
      },
    });
    return saved;
  });
  return present(ctx, row);
}

export async function removeSettings(ctx: AppContext, user: Actor, meta: RequestMeta): Promise<void> {
  const { client } = await organization.ownerOf(ctx, user);
  await ctx.db.transaction(async (tx) => {
    if (!(await repository.deleteSettings(tx, client.id))) throw notFound('Single sign-on settings');
    await audit.record(tx, {
      action: 'organization.sso_removed',
      userId: user.id,
      subjectType: 'organization',
      subject: client.id,
      subjectUserId: null,
      ip: meta.ip,
      details: { organizationId: client.id, organizationName: client.name },
    });
  });
}

/** `GET /api/auth/sso/lookup`: whether the address's domain signs in through SSO, and nothing else. */
export async function domainHasSso(ctx: AppContext, email: string): Promise<boolean> {
  const domain = email.split('@')[1];
  return Boolean(domain && (await repository.findSettingsByDomain(ctx.db, domain)));
}

export async function purgeExpiredLogins(ctx: AppContext): Promise<number> {
  return repository.deleteExpiredLogins(ctx.db);
}
