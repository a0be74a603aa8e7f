import type { CaseCategory, CasePriority, CaseStatus, CaseUpdateType } from '@contract/cases';
import type { TaskStatus } from '@contract/case-tasks';
import type { BadgeProps } from '@/components/ui/badge';

export const CASE_CATEGORY_LABELS: Record<CaseCategory, string> = {
  investigation: 'Investigation',
  surveillance: 'Surveillance',
  osint: 'OSINT',
  vip_protection: 'VIP Protection',
  digital_forensics: 'Digital Forensics',
  threat_assessment: 'Threat Assessment',
};

export const CASE_STATUS_BADGES: Record<CaseStatus, { label: string; variant: BadgeProps['variant'] }> = {
  open: { label: 'Open', variant: 'default' },
  in_progress: { label: 'In Progress', variant: 'warning' },
  pending_review: { label: 'Pending Review', variant: 'warning' },
  completed: { label: 'Completed', variant: 'default' },
  closed: { label: 'Closed', variant: 'secondary' },
};

export const CASE_PRIORITY_BADGES: Record<CasePriority, { label: string; variant: BadgeProps['variant'] }> = {
  low: { label: 'Low', variant: 'secondary' },
  medium: { label: 'Medium', variant: 'outline' },
  high: { label: 'High', variant: 'warning' },
  critical: { label: 'Critical', variant: 'destructive' },
};

export const CASE_UPDATE_TYPE_LABELS: Record<CaseUpdateType, string> = {
  comment: 'Comment',
  status_change: 'Status Change',
  assignment: 'Assignment',
  cost_estimate: 'Cost Estimate',
  internal_note: 'Internal Note',
};

/** The toasts of the cases page. */
export const CASE_MESSAGES = {
  created: {
    title: 'Case Created',
    description: 'Your case has been opened. An agent will review it shortly.',
  },
  failedTitle: 'Error',
  createFailed: 'Failed to create case.',
  updateFailed: 'Failed to update case.',
  updated: { title: 'Case Updated' },
  noCases: 'No cases found',
  templateCreated: { title: 'Template Created' },
  templateSaved: { title: 'Template Saved' },
  templateDeleted: { title: 'Template Deleted' },
  templateSaveFailed: 'Failed to save the template.',
  templateDeleteFailed: 'Failed to delete the template.',
} as const;

/** The first `max` characters of a description, cut at a word. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  done: 'Done',
  cancelled: 'Cancelled',
};

/** "2 of 5 tasks done", or null when the case has none. */
export function taskProgressText({ done, total }: { done: number; total: number }): string | null {
  return total === 0 ? null : `${done} of ${total} tasks done`;
}

/** Whose deadline a case's date is: staff read a case that carries its client's address (design: labels say whose). */
export function deadlineLabel(item: { ownerEmail?: string }): string {
  return item.ownerEmail !== undefined ? "Client's deadline" : 'Your deadline';
}
