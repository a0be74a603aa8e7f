import type { DbOrTx } from '../../db/client.js';
import { publishEvent } from '../events/events.service.js';
import type { CaseRow } from './cases.repository.js';

/**
 * Tells the live streams a case changed, in the change's transaction: its owner's and its organisation's when the
 * change is one they can see, every Director's always (design 12.6).
 */
export async function publishCaseUpdated(
  db: DbOrTx,
  row: Pick<CaseRow, 'id' | 'userId' | 'organizationId'>,
  { visible }: { visible: boolean },
): Promise<void> {
  await publishEvent(db, {
    to: visible ? { userId: row.userId, organizationId: row.organizationId, staff: true } : { staff: true },
    type: 'case.updated',
    data: { caseId: row.id },
  });
}
