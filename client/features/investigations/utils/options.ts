import {
  INVESTIGATION_PRIORITY_SURCHARGE,
  type InvestigationBudgetRange,
  type InvestigationClientType,
  type InvestigationPriority,
  type InvestigationStatus,
  type SensitivityLevel,
} from '@contract/investigations';
import type { BadgeProps } from '@/components/ui/badge';

export const PRIORITY_LABELS: Record<InvestigationPriority, string> = {
  LOW: 'Low',
  STANDARD: 'Standard',
  HIGH: 'High',
  URGENT: 'Urgent',
};

/**
 * 'High (+50%)': the priority surcharge (HIGH +50%, URGENT +100%, computed by the server), next to the
 * priority it belongs to.
 */
export function priorityOptionLabel(priority: InvestigationPriority): string {
  const surcharge = INVESTIGATION_PRIORITY_SURCHARGE[priority];
  return surcharge > 0
    ? `${PRIORITY_LABELS[priority]} (+${Math.round(surcharge * 100)}%)`
    : PRIORITY_LABELS[priority];
}

export const CLIENT_TYPE_LABELS: Record<InvestigationClientType, string> = {
  individual: 'Individual',
  corporate: 'Corporate',
  government: 'Government',
  legal_firm: 'Legal firm',
};

export const SENSITIVITY_LABELS: Record<SensitivityLevel, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  classified: 'Classified',
};

/** Budgets are rupee ranges in thousands ('25k-50k'), shown with a dash a person reads as "to". */
export function budgetLabel(range: InvestigationBudgetRange): string {
  return `₹${range.replace('-', ' – ₹')}`;
}

const STATUS_BADGES: Record<InvestigationStatus, { label: string; variant: BadgeProps['variant'] }> = {
  PENDING: { label: 'PENDING', variant: 'warning' },
  IN_PROGRESS: { label: 'IN PROGRESS', variant: 'default' },
  COMPLETED: { label: 'COMPLETED', variant: 'secondary' },
  CANCELLED: { label: 'CANCELLED', variant: 'destructive' },
};

/** The four known statuses are styled; any other value is shown as it came. */
export function statusBadge(status: string): { label: string; variant: BadgeProps['variant'] } {
  return (
    (STATUS_BADGES as Partial<Record<string, { label: string; variant: BadgeProps['variant'] }>>)[status] ?? {
      label: status,
      variant: 'outline',
    }
  );
}

/** The investigation request's toasts and texts. */
export const INVESTIGATION_MESSAGES = {
  submitted: {
    title: 'Request Submitted',
    description: 'Your investigation request is filed. An agent will review it and contact you shortly.',
  },
  loginRequired: {
    title: 'Authentication Required',
    description: 'Please log in to submit investigation requests.',
  },
  failed: { title: 'Error', description: 'Failed to submit investigation request.' },
} as const;
