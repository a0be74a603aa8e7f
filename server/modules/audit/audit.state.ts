import type { AppContext } from '../../infra/context.js';
import type { ModuleState } from '../../infra/module.js';
import { TtlCache } from '../../lib/ttl-cache.js';

/**
 * How long one staff member's reads of one record, in one session, count as one read: the first is recorded, the
 * list and detail calls that follow within this time are not (a Director paging through a queue, a screen that
 * refetches). Long enough to fold one sitting's refetches together, short enough that a later look is a new event.
 */
export const STAFF_READ_WINDOW_MS = 10 * 60_000;
/** Reads remembered at once; beyond this the oldest is forgotten, and its next read is recorded again. */
const MAX_REMEMBERED_READS = 50_000;

/** What the audit module keeps per app. */
export interface AuditState extends ModuleState {
  /** `reader|session|subjectType|record` of the staff reads recorded within the window. */
  staffReads: TtlCache<string, true>;
}

declare module '../../infra/context.js' {
  interface AppModules {
    audit: AuditState;
  }
}

export function createAuditState(_ctx: AppContext): AuditState {
  return { staffReads: new TtlCache<string, true>(STAFF_READ_WINDOW_MS, MAX_REMEMBERED_READS) };
}
