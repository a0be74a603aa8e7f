import { z } from 'zod';
import {
  SCIM_BASE_PATH,
  SCIM_DEFAULT_COUNT,
  SCIM_MAX_COUNT,
  SCIM_SCHEMAS,
  scimBoolean,
  scimPatchSchema,
  scimUserInputSchema,
  type ScimUserInput,
} from '../../../contract/scim.js';
import type { ScimSettings, ScimToken } from '../../../contract/sso.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { publicUrl } from '../../infra/public-url.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { isId } from '../../lib/ids.js';
import * as apiKeys from '../api-keys/api-keys.service.js';
import * as audit from '../audit/audit.service.js';
import * as auth from '../auth/auth.service.js';
import * as registration from '../auth/registration.service.js';
import * as sessions from '../auth/sessions.service.js';
import type { Actor, ClientRow } from '../organization/organization.service.js';
import * as organization from '../organization/organization.service.js';
import * as repository from './scim.repository.js';
import type { ScimMemberRow } from './scim.repository.js';

/*
 * SCIM 2.0 Users for one enterprise client (design 12.4, decision 040). The token names the client; every change is
 * audited with that client as the actor (no user acted: `userId` null, `details.actor` 'scim'). Deactivation ends
 * the person's sessions and API keys in its transaction (the sessions' deletion is announced on the change feed, so
 * every instance's cache and any open event stream drop them) and refuses sign-in until reactivation. DELETE removes
 * the membership and deactivates the account: a person the directory removed must not keep signing in with an
 * address on the company's domain; provisioning the same userName again brings the account back.
 */

/** A SCIM error answer (RFC 7644 3.12): its status as a string, a `scimType` where one applies. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?:
      | 'invalidSyntax'
      | 'invalidValue'
      | 'invalidFilter'
      | 'uniqueness'
      | 'mutability'
      | 'invalidPath'
      | 'noTarget',
  ) {
    super(detail);
  }

  body() {
    return {
      schemas: [SCIM_SCHEMAS.error],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.detail,
    };
  }
}

const notFound = () => new ScimError(404, 'No such user in this organisation');

export interface ScimCaller {
  client: ClientRow;
  meta: RequestMeta;
}

/** The client a bearer token belongs to, or null. */
export async function clientOfToken(ctx: AppContext, token: string): Promise<ClientRow | null> {
  if (token.length < 20 || token.length > 200) return null;
  const clientId = await repository.findClientIdByToken(ctx.db, sha256(token));
  return clientId ? organization.findClient(ctx.db, clientId) : null;
}

export function toScimUser(ctx: AppContext, row: ScimMemberRow) {
  const formatted = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.email,
    name: {
      ...(row.firstName ? { givenName: row.firstName } : {}),
      ...(row.lastName ? { familyName: row.lastName } : {}),
      ...(formatted ? { formatted } : {}),
    },
    ...(formatted ? { displayName: formatted } : {}),
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.deactivatedAt === null,
    meta: {
      resourceType: 'User',
      created: row.joinedAt.toISOString(),
      lastModified: (row.updatedAt > row.joinedAt ? row.updatedAt : row.joinedAt).toISOString(),
      location: publicUrl(ctx.config, `${SCIM_BASE_PATH}/Users/${row.id}`),
    },
  };
}

/** A body that is not SCIM: 400 invalidSyntax when its shape is wrong, invalidValue when a value is. */
function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new ScimError(400, 'The body must be a SCIM JSON object', 'invalidSyntax');
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.join('.') || 'body';
  const syntax = issue.code === 'invalid_type' && issue.input === undefined;
  const structural = issue.path[0] === 'schemas' || issue.path[0] === 'Operations' || syntax;
  throw new ScimError(400, `${where}: ${issue.message}`, structural ? 'invalidSyntax' : 'invalidValue');
}

const FILTER = /^\s*(userName|externalId)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

function parseFilter(filter: string | undefined) {
  if (filter === undefined || filter.trim() === '') return null;
  const match = FILTER.exec(filter);
  if (!match) {
    throw new ScimError(
      400,
      'Only filters of the form userName eq "..." or externalId eq "..." are supported',
      'invalidFilter',
    );
  }
  // Attribute names are case-insensitive (RFC 7644 3.4.2.2); userName's values too (RFC 7643: caseExact false).
  const attribute = match[1]!.toLowerCase() === 'username' ? 'userName' : 'externalId';
  return { attribute, value: match[2]!.replace(/\\(.)/g, '$1') } as const;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  if (!/^-?\d{1,9}$/.test(value)) throw new ScimError(400, `${name} must be an integer`, 'invalidValue');
  return Number(value);
}

export async function listUsers(
  ctx: AppContext,
  caller: ScimCaller,
  query: { filter?: string; startIndex?: string; count?: string },
) {
  const filter = parseFilter(query.filter);
  // RFC 7644 3.4.2.4: a startIndex below 1 counts as 1, a negative count as 0.
  const startIndex = Math.max(1, positiveInt(query.startIndex, 1, 'startIndex'));
  const count = Math.min(SCIM_MAX_COUNT, Math.max(0, positiveInt(query.count, SCIM_DEFAULT_COUNT, 'count')));
  const { rows, total } = await repository.listMembers(
    ctx.db,
    caller.client.id,
    filter,
    startIndex - 1,
    count,
  );
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults: total,
    startIndex,
    itemsPerPage: rows.length,
    Resources: rows.map((row) => toScimUser(ctx, row)),
  };
}

async function memberOf(db: DbOrTx, caller: ScimCaller, id: string): Promise<ScimMemberRow> {
  const row = isId(id) ? await repository.findMember(db, caller.client.id, id) : null;
  if (!row) throw notFound();
  return row;
}

export async function getUser(ctx: AppContext, caller: ScimCaller, id: string) {
  return toScimUser(ctx, await memberOf(ctx.db, caller, id));
}

function auditScim(
  tx: DbOrTx,
  caller: ScimCaller,
  action:
    | 'scim.user_created'
    | 'scim.user_updated'
    | 'scim.user_deactivated'
    | 'scim.user_reactivated'
    | 'scim.user_deleted',
  user: { id: string; email: string },
  details: Record<string, unknown> = {},
) {
  return audit.record(tx, {
    action,
    userId: null,
    subjectType: 'user',
    subject: user.id,
    subjectUserId: user.id,
    ip: caller.meta.ip,
    details: {
      actor: 'scim',
      organizationId: caller.client.id,
      organizationName: caller.client.name,
      email: user.email,
      ...details,
    },
  });
}

/** A Director's account is the firm's: a client's directory neither deactivates nor removes it. */
function assertNotStaff(row: { tier: number }) {
  if (row.tier >= DIRECTOR_TIER) {
    throw new ScimError(
      403,
      'This account is managed by the firm and cannot be changed through SCIM',
      'mutability',
    );
  }
}

/**
 * Sets the account active or not, in the caller's transaction. Deactivating ends every session and revokes every API
 * key at once; the users and sessions triggers announce both on the change feed.
 */
async function setActive(
  ctx: AppContext,
  tx: DbOrTx,
  caller: ScimCaller,
  row: ScimMemberRow,
  active: boolean,
): Promise<boolean> {
  if (active === (row.deactivatedAt === null)) return false;
  if (!active) {
    assertNotStaff(row);
    await repository.updateUser(tx, row.id, { deactivatedAt: new Date() });
    await sessions.endOtherSessions(ctx, tx, row.id, undefined);
    const revokedKeys = await apiKeys.revokeAll(tx, row.id);
    await auditScim(tx, caller, 'scim.user_deactivated', row, { revokedKeys });
  } else {
    await repository.updateUser(tx, row.id, { deactivatedAt: null });
    await auditScim(tx, caller, 'scim.user_reactivated', row);
  }
  return true;
}

function namesOf(input: ScimUserInput) {
  return {
    firstName: input.name?.givenName?.trim() || null,
    lastName: input.name?.familyName?.trim() || null,
  };
}

function addressOf(caller: ScimCaller, userName: string): string {
  const email = userName.trim().toLowerCase();
  if (!z.email().safeParse(email).success || email.split('@')[1] !== caller.client.domain.toLowerCase()) {
    throw new ScimError(400, `userName must be an e-mail address on ${caller.client.domain}`, 'invalidValue');
  }
  return email;
}

/** `POST /Users`: a new account, or an existing one outside any organisation, joins the client (via `scim`). */
export async function createUser(ctx: AppContext, caller: ScimCaller, body: unknown) {
  const input = parseBody(scimUserInputSchema, body);
  const email = addressOf(caller, input.userName);
  const userId = await ctx.db.transaction(async (tx) => {
    let user = await auth.findUserByEmail(ctx, email);
    if (user?.deletedAt) throw new ScimError(409, 'This address belonged to a deleted account', 'uniqueness');
    user ??= await registration.createProvisionedUser(
      tx,
      { email, ...namesOf(input) },
      {
        via: 'scim',
        organizationId: caller.client.id,
        ip: caller.meta.ip,
      },
    );
    if (!user) throw new ScimError(409, 'A user with this userName was just created', 'uniqueness');
    const membership = await organization.findMembership(tx, user.id);
    if (membership) throw new ScimError(409, 'A user with this userName already exists', 'uniqueness');
    await organization.addMember(ctx, tx, {
      client: caller.client,
      user,
      role: 'member',
      via: 'scim',
      actorId: null,
      ip: caller.meta.ip,
    });
    if (input.externalId) await repository.setExternalId(tx, user.id, input.externalId);
    await auditScim(tx, caller, 'scim.user_created', user);
    // Provisioning an address the directory deprovisioned before brings the account back (or keeps it inactive).
    const row = (await repository.findMember(tx, caller.client.id, user.id))!;
    await setActive(ctx, tx, caller, row, input.active ?? true);
    return user.id;
  });
  ctx.forgetUser(userId);
  return toScimUser(ctx, (await repository.findMember(ctx.db, caller.client.id, userId))!);
}

/** `PUT /Users/{id}`: the stored attributes replaced; userName cannot change (the address is the account). */
export async function replaceUser(ctx: AppContext, caller: ScimCaller, id: string, body: unknown) {
  const input = parseBody(scimUserInputSchema, body);
  await ctx.db.transaction(async (tx) => {
    const row = await memberOf(tx, caller, id);
    if (addressOf(caller, input.userName) !== row.email) {
      throw new ScimError(400, 'userName cannot be changed: it is the account’s address', 'mutability');
    }
    await repository.updateUser(tx, row.id, namesOf(input));
    await repository.setExternalId(tx, row.id, input.externalId ?? null);
    await auditScim(tx, caller, 'scim.user_updated', row, { attributes: ['name', 'externalId'] });
    if (input.active !== undefined) await setActive(ctx, tx, caller, row, input.active);
  });
  ctx.forgetUser(id);
  return getUser(ctx, caller, id);
}

type Change = {
  active?: boolean;
  firstName?: string | null;
  lastName?: string | null;
  externalId?: string | null;
};

function textValue(value: unknown, path: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || value.length > 255) {
    throw new ScimError(400, `${path} must be a string`, 'invalidValue');
  }
  return value.trim() || null;
}

function activeValue(value: unknown): boolean {
  const parsed = scimBoolean.safeParse(value);
  if (!parsed.success) throw new ScimError(400, 'active must be true or false', 'invalidValue');
  return parsed.data;
}

/** One attribute of a PATCH into the change; attributes the portal does not keep are ignored (RFC 7644 3.5.2). */
function applyAttribute(change: Change, path: string, value: unknown, remove: boolean) {
  switch (path.toLowerCase()) {
    case 'active':
      if (remove) throw new ScimError(400, 'active cannot be removed', 'mutability');
      change.active = activeValue(value);
      return;
    case 'externalid':
      change.externalId = remove ? null : textValue(value, path);
      return;
    case 'name.givenname':
      change.firstName = remove ? null : textValue(value, path);
      return;
    case 'name.familyname':
      change.lastName = remove ? null : textValue(value, path);
      return;
    case 'name':
      if (remove) {
        change.firstName = null;
        change.lastName = null;
      } else if (value && typeof value === 'object') {
        const name = value as Record<string, unknown>;
        if ('givenName' in name) change.firstName = textValue(name.givenName, 'name.givenName');
        if ('familyName' in name) change.lastName = textValue(name.familyName, 'name.familyName');
      } else throw new ScimError(400, 'name must be an object', 'invalidValue');
      return;
    case 'username':
      throw new ScimError(400, 'userName cannot be changed: it is the account’s address', 'mutability');
    default:
      return;
  }
}

/**
 * `PATCH /Users/{id}`: add/replace/remove (any case: Entra sends "Replace"), with a `path` (Okta:
 * `{"op":"replace","path":"active","value":false}`) or without one and a value object (Entra:
 * `{"op":"replace","value":{"active":false}}`, sometimes with "False" as a string).
 */
export async function patchUser(ctx: AppContext, caller: ScimCaller, id: string, body: unknown) {
  const patch = parseBody(scimPatchSchema, body);
  const change: Change = {};
  for (const operation of patch.Operations) {
    const remove = operation.op.toLowerCase() === 'remove';
    if (operation.path) {
      applyAttribute(change, operation.path, operation.value, remove);
    } else if (
      !remove &&
      operation.value &&
      typeof operation.value === 'object' &&
      !Array.isArray(operation.value)
    ) {
      for (const [path, value] of Object.entries(operation.value as Record<string, unknown>)) {
        applyAttribute(change, path, value, false);
      }
    } else {
      throw new ScimError(400, 'An operation without a path needs an object value', 'invalidSyntax');
    }
  }
  await ctx.db.transaction(async (tx) => {
    const row = await memberOf(tx, caller, id);
    const { active, externalId, ...names } = change;
    if (Object.keys(names).length > 0 || externalId !== undefined) {
      await repository.updateUser(tx, row.id, names);
      if (externalId !== undefined) await repository.setExternalId(tx, row.id, externalId);
      await auditScim(tx, caller, 'scim.user_updated', row, {
        attributes: [...Object.keys(names), ...(externalId !== undefined ? ['externalId'] : [])],
      });
    }
    if (active !== undefined) await setActive(ctx, tx, caller, row, active);
  });
  ctx.forgetUser(id);
  return getUser(ctx, caller, id);
}

/** `DELETE /Users/{id}`: the membership ends and the account is deactivated (see the top of this file). */
export async function deleteUser(ctx: AppContext, caller: ScimCaller, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await memberOf(tx, caller, id);
    assertNotStaff(row);
    await setActive(ctx, tx, caller, row, false);
    await organization.removeMemberByDirectory(tx, row.id);
    await auditScim(tx, caller, 'scim.user_deleted', row);
  });
  ctx.forgetUser(id);
}

export function serviceProviderConfig(ctx: AppContext) {
  return {
    schemas: [SCIM_SCHEMAS.serviceProviderConfig],
    documentationUri: publicUrl(ctx.config, '/api/docs'),
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_COUNT },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'The organisation’s SCIM token, made by an owner on the Organisation page',
        primary: true,
      },
    ],
    meta: {
      resourceType: 'ServiceProviderConfig',
      location: publicUrl(ctx.config, `${SCIM_BASE_PATH}/ServiceProviderConfig`),
    },
  };
}

/** `GET /api/organization/scim` (owners): the base URL to give the directory, and when the token was made. */
export async function getSettings(ctx: AppContext, user: Actor): Promise<ScimSettings> {
  const { client } = await organization.ownerOf(ctx, user);
  const token = await repository.findToken(ctx.db, client.id);
  return {
    baseUrl: publicUrl(ctx.config, SCIM_BASE_PATH),
    tokenCreatedAt: token ? token.createdAt.toISOString() : null,
  };
}

/** `POST /api/organization/scim-token` (owners, re-authenticated): a new token, shown once; the old one stops. */
export async function rotateToken(ctx: AppContext, user: Actor, meta: RequestMeta): Promise<ScimToken> {
  const { client } = await organization.ownerOf(ctx, user);
  const token = `scim_${randomToken(32)}`;
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await repository.replaceToken(tx, client.id, sha256(token), user.id);
    await audit.record(tx, {
      action: 'organization.scim_token_created',
      userId: user.id,
      subjectType: 'organization',
      subject: client.id,
      subjectUserId: null,
      ip: meta.ip,
      details: { organizationId: client.id, organizationName: client.name },
    });
    return saved;
  });
  return { token, createdAt: row.createdAt.toISOString() };
}
