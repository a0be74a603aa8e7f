import type {
  ApiKey,
  ApiKeyPermission,
  CreateApiKeyRequest,
  CreatedApiKey,
} from '../../../contract/api-keys.js';
import { API_KEY_PREFIX } from '../../../contract/api-keys.js';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext } from '../../infra/context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import type { SignedInUser } from '../../db/schema/users.js';
import * as sessions from '../auth/sessions.service.js';
import * as notifications from '../notifications/notifications.service.js';
import * as repository from './api-keys.repository.js';
import { emitSecurityEvent } from '../../infra/events.js';

/** lastUsed is written at most this often per key. */
const TOUCH_INTERVAL_MS = 60_000;

const toApiKey = (row: repository.ApiKeyRow): ApiKey => ({
  ...row,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  lastUsed: row.lastUsed?.toISOString() ?? null,
});

/** A new key: `ik_` + 256 random bits. Only its SHA-256 is stored; the full key is in this answer alone. */
export async function create(
  ctx: AppContext,
  userId: string,
  input: Required<Pick<CreateApiKeyRequest, 'name' | 'permissions'>> & { expiresAt?: string },
): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repository.insert(tx, {
      userId,
      name: input.name,
      keyHash: sha256(key),
      keyPrefix: key.slice(0, API_KEY_PREFIX.length + 6),
      permissions: [...new Set(input.permissions)],
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
    await notifications.notifySecurity(ctx, tx, 'security.api_key_created', { userId, name: input.name });
    return inserted;
  });
  await emitSecurityEvent(ctx.events, 'security.api_key_created', { userId, name: input.name });
  return { ...toApiKey(row), key, keyHash: key };
}

export async function list(ctx: AppContext, userId: string, limit: number): Promise<ApiKey[]> {
  return (await repository.listForUser(ctx.db, userId, limit)).map(toApiKey);
}

export async function revoke(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!isId(id) || !(await repository.revoke(ctx.db, userId, id))) throw notFound('API key');
}

/** Every live key of the user stops working, in the caller's transaction (a SCIM deactivation). */
export async function revokeAll(db: DbOrTx, userId: string): Promise<number> {
  return repository.revokeAll(db, userId);
}

export interface KeyAuth {
  user: SignedInUser;
  apiKey: { id: string; permissions: ApiKeyPermission[] };
}

/** The owner and scopes behind a Bearer key, or null for an unknown, revoked or expired key. */
export async function authenticate(ctx: AppContext, key: string): Promise<KeyAuth | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 100) return null;
  const found = await repository.findUsable(ctx.db, sha256(key));
  if (!found) return null;
  const staleBefore = new Date(Date.now() - TOUCH_INTERVAL_MS);
  if (!found.key.lastUsed || found.key.lastUsed < staleBefore)
    await repository.touch(ctx.db, found.key.id, staleBefore);
  // The key acts with its owner's effective tier, like a session (decision 037).
  const user = await sessions.loadSignedInUser(ctx.db, found.user);
  return { user, apiKey: { id: found.key.id, permissions: found.key.permissions } };
}
