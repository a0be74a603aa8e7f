import { BULK_DIRECTOR_TYPES, type BulkOperationType } from '@contract/bulk';
import type { CaseStatus } from '@contract/cases';
import { DIRECTOR_TIER } from '@contract/tiers';

export type OfferedType = Exclude<BulkOperationType, 'ai_analysis'>;

const ORDER: readonly OfferedType[] = [
  'notifications_read',
  'api_key_revoke',
  'case_export',
  'case_status',
  'threat_import',
];

/** What each choice in the dialog does, in the user's words. */
export const CHOICE_LABELS: Record<OfferedType, string> = {
  notifications_read: 'Mark all unread notifications read',
  api_key_revoke: 'Revoke selected API keys',
  case_export: 'Export my cases (CSV)',
  case_status: 'Change the status of selected cases',
  threat_import: 'Import STIX bundle files',
};

export const statusWord = (status: CaseStatus) => status.replace('_', ' ');

/** The types a tier may start: status changes and threat imports are for Directors (the server checks too). */
export function offeredTypes(tier: number): OfferedType[] {
  return ORDER.filter((type) => tier >= DIRECTOR_TIER || !BULK_DIRECTOR_TYPES.includes(type));
}
