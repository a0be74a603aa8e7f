import type { CreateQrCodeInput, QrCode, QrCodeData } from '../../../contract/qr-codes.js';
import { QR_MESSAGES, QR_SCAN_PATH_PREFIX } from '../../../contract/qr-codes.js';
import type { AppContext } from '../../infra/context.js';
import { randomToken } from '../../lib/crypto.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as cases from '../cases/cases.service.js';
import * as repository from './qr-codes.repository.js';
import type { QrCodeRow } from './qr-codes.repository.js';

/** The client's pages a scan leads to (client/config/paths.ts). */
const LANDINGS = {
  secureChannel: '/secure-channel',
  cases: '/cases',
  emergency: '/emergency',
  expired: '/qr/expired',
  login: '/api/login',
} as const;

/** Tokens are 32 random bytes in base64url (43 characters); anything else cannot be one. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function toQrCode(row: QrCodeRow, baseUrl: string, now = Date.now()): QrCode {
  const expired = row.expiresAt !== null && row.expiresAt.getTime() <= now;
  const data: QrCodeData = {};
  if (row.data.caseId) data.caseId = row.data.caseId;
  if (row.data.channelId) data.channelId = row.data.channelId;
  if (row.data.emergencyCode) data.emergencyCode = row.data.emergencyCode;
  return {
    id: row.id,
    type: row.type,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    data,
    scannedCount: row.scannedCount,
    lastScannedAt: row.lastScannedAt?.toISOString() ?? null,
    isActive: row.isActive,
    status: row.isActive && !expired ? 'Active' : 'Expired',
    scanUrl: `${baseUrl}${QR_SCAN_PATH_PREFIX}${row.token}`,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A new code with a fresh 256-bit token; whoever holds the image can scan it, so the token is the secret. A case
 * code must point at one of the user's own cases (anyone else's, or none, reads as not found).
 */
export async function create(
  ctx: AppContext,
  userId: string,
  input: CreateQrCodeInput,
  baseUrl: string,
): Promise<QrCode> {
  if (input.type === 'case_access' && !(await cases.ownsCase(ctx, userId, input.data.caseId))) {
    throw validationFailed([{ path: 'data.caseId', message: QR_MESSAGES.caseNotFound }]);
  }
  const row = await repository.insert(ctx.db, {
    userId,
    type: input.type,
    token: randomToken(32),
    data: input.data,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
  });
  return toQrCode(row, baseUrl);
}

export async function list(
  ctx: AppContext,
  userId: string,
  limit: number,
  baseUrl: string,
): Promise<QrCode[]> {
  return (await repository.listForUser(ctx.db, userId, limit)).map((row) => toQrCode(row, baseUrl));
}

/** Switches the code off for good; doing it twice is fine. Another user's code is 404. */
export async function deactivate(
  ctx: AppContext,
  userId: string,
  id: string,
  baseUrl: string,
): Promise<QrCode> {
  const row = isId(id) ? await repository.deactivate(ctx.db, userId, id) : null;
  if (!row) throw notFound('QR code');
  return toQrCode(row, baseUrl);
}

export async function remove(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!isId(id) || !(await repository.remove(ctx.db, userId, id))) throw notFound('QR code');
}

/**
 * A scan of `/q/{token}`: counts it and returns the local path to send the browser to. A secure channel code opens
 * the secure channel page (naming its channel), a case code the case (to its owner; the page answers anyone else
 * with its not-found message, and a signed-out scanner signs in first), an emergency code the emergency page with
 * its code. Unknown, switched-off and expired codes lead to the expired page and count nothing.
 */
export async function scan(ctx: AppContext, token: string, signedIn: boolean): Promise<string> {
  const found = TOKEN_PATTERN.test(token) ? await repository.recordScan(ctx.db, token) : null;
  if (!found) return LANDINGS.expired;
  const { data } = found;
  switch (found.type) {
    case 'secure_channel':
      return data.channelId
        ? `${LANDINGS.secureChannel}?${new URLSearchParams({ channel: data.channelId })}`
        : LANDINGS.secureChannel;
    case 'case_access': {
      const casePage = `${LANDINGS.cases}?${new URLSearchParams({ case: data.caseId ?? '' })}`;
      return signedIn ? casePage : `${LANDINGS.login}?${new URLSearchParams({ returnTo: casePage })}`;
    }
    case 'emergency':
      return `${LANDINGS.emergency}?${new URLSearchParams({ code: data.emergencyCode ?? '' })}`;
  }
}
