import type { OrganizationRole, RecordVisibility } from '../../../contract/organization.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import { validationFailed } from '../../lib/errors.js';

/**
 * Who may do what with a case or an investigation request (design 12.3), in one place for the cases,
 * investigations, evidence and reports modules. Pure: it reads what the session already carries.
 */

/** Whoever asks: the signed-in user, with the organisation the session carries (decision 037). */
export interface Viewer {
  id: string;
  /** The effective tier; an organisation never passes on tier 4, so 4 means the viewer's own Director tier. */
  tier: number;
  organization?: { id: string; role: OrganizationRole } | null;
}

/** The two fields of a record that decide: its owner and the organisation it is shared with (null: private). */
export interface SharedRecord {
  userId: string;
  organizationId: string | null;
}

/**
 * `owner`: the record's own client; `staff`: a Director; `contributor`: an owner or admin of the organisation it is
 * shared with (adds client updates and files, asks for reports); `reader`: a member of that organisation.
 */
export type RecordAccess = 'owner' | 'staff' | 'contributor' | 'reader';

/** What `viewer` may do with `record`; null: nothing, and the record is a 404 to them. */
export function recordAccess(viewer: Viewer, record: SharedRecord): RecordAccess | null {
  if (record.userId === viewer.id) return 'owner';
  if (viewer.tier >= DIRECTOR_TIER) return 'staff';
  const organization = viewer.organization;
  if (!organization || record.organizationId === null || record.organizationId !== organization.id)
    return null;
  return organization.role === 'member' ? 'reader' : 'contributor';
}

/** Whether the access adds to the record: updates, files, reports (internal ones stay staff's). */
export const mayContribute = (access: RecordAccess | null): boolean => access !== null && access !== 'reader';

export const visibilityOf = (record: Pick<SharedRecord, 'organizationId'>): RecordVisibility =>
  record.organizationId === null ? 'private' : 'organization';

/** The organisation a list reads shared records of, for a viewer; null: only their own. */
export const sharedWith = (viewer: Viewer): string | null => viewer.organization?.id ?? null;

/** The organisation a new or changed record is shared with: the owner's own; 400 when they have none. */
export function organizationToShareWith(user: Viewer, visibility: 'private' | 'organization'): string | null {
  if (visibility === 'private') return null;
  const organization = sharedWith(user);
  if (!organization) {
    throw validationFailed([
      { path: 'visibility', message: 'You are not a member of an organisation to share it with' },
    ]);
  }
  return organization;
}
