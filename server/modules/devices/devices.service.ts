import type { Device } from '../../../contract/devices.js';
import type { AppContext } from '../../infra/context.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as audit from '../audit/audit.service.js';
import * as sessions from '../auth/sessions.service.js';

/** The Mobile Devices tab: each signed-in session is a device. */
export async function list(
  ctx: AppContext,
  userId: string,
  currentSessionId: string | null,
): Promise<Device[]> {
  const idleMs = ctx.config.SESSION_IDLE_MIN * 60_000;
  const now = Date.now();
  return (await sessions.listSessions(ctx, userId)).map((session) => {
    const { browser, platform } = sessions.describeDevice(session.userAgent ?? undefined);
    return {
      id: session.id,
      platform,
      browser,
      lastActive: session.lastSeenAt.toISOString(),
      isActive: session.expiresAt.getTime() > now && session.lastSeenAt.getTime() + idleMs > now,
      current: session.id === currentSessionId,
      createdAt: session.createdAt.toISOString(),
    };
  });
}

/** Signs that device out: its session ends at once. */
export async function signOut(ctx: AppContext, userId: string, id: string, ip: string): Promise<void> {
  const ended = isId(id) ? await sessions.endSessionById(ctx, userId, id) : false;
  if (!ended) throw notFound('Device');
  await audit.record(ctx.db, { action: 'auth.session_revoked', userId, ip, details: { sessionId: id } });
}
