import type { LiveEventData, LiveEventType } from '../../../contract/events.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { AppContext } from '../../infra/context.js';
import * as repository from './events.repository.js';

/**
 * Who may see a live event: `userId`'s own streams, the members of `organizationId` (a record shared with that
 * organisation, read by its members as they read it elsewhere, design 12.3), and every Director's when `staff`.
 */
export interface Audience {
  userId?: string | null;
  organizationId?: string | null;
  staff?: boolean;
}

export type LiveEvent = {
  [T in LiveEventType]: { to: Audience; type: T; data: LiveEventData<T> };
}[LiveEventType];

/**
 * The one way to push a live event (design 12.6, decision 039): written to the outbox in the caller's transaction,
 * so it is sent exactly when the change it reports commits. The outbox's trigger announces each row on the change
 * feed after the commit, and every instance writes it to the streams whose readers may see it.
 */
export async function publishEvent(db: DbOrTx, ...events: LiveEvent[]): Promise<void> {
  await repository.insert(
    db,
    events
      .filter(({ to }) => to.userId || to.organizationId || to.staff)
      .map(({ to, type, data }) => ({
        userId: to.userId ?? null,
        organizationId: to.organizationId ?? null,
        staff: to.staff ?? false,
        type,
        data,
      })),
  );
}

/**
 * A background job's state change with its `job.progress` (bulk operations, AI analyses, exports, reports): `write`
 * changes the job's row and returns it (null: nothing changed, nothing is told), and `progress` says whose it is and
 * how far it got; both in one transaction.
 */
export async function withJobProgress<R>(
  ctx: AppContext,
  write: (tx: Tx) => Promise<R | null>,
  progress: (row: R) => { userId: string | null; data: LiveEventData<'job.progress'> },
): Promise<R | null> {
  return ctx.db.transaction(async (tx) => {
    const row = await write(tx);
    if (row !== null) {
      const { userId, data } = progress(row);
      await publishEvent(tx, { to: { userId }, type: 'job.progress', data });
    }
    return row;
  });
}

/** Deletes events older than the replay window: nothing can ask for them again (the purge schedule). */
export async function purgeOld(ctx: AppContext, now = new Date()): Promise<number> {
  return repository.deleteBefore(ctx.db, new Date(now.getTime() - ctx.config.EVENTS_REPLAY_SECONDS * 1000));
}
