export const CASE_CATEGORIES = [
  'investigation',
  'surveillance',
  'osint',
  'vip_protection',
  'digital_forensics',
  'threat_assessment',
] as const;
export type CaseCategory = (typeof CASE_CATEGORIES)[number];

export const CASE_STATUSES = ['open', 'in_progress', 'pending_review', 'completed', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type CasePriority = (typeof CASE_PRIORITIES)[number];

export const CASE_UPDATE_TYPES = [
  'comment',
  'status_change',
  'assignment',
  'cost_estimate',
  'internal_note',
] as const;
export type CaseUpdateType = (typeof CASE_UPDATE_TYPES)[number];
