import type { CasePriority, CaseStatus } from '@contract/cases';
import { Badge } from '@/components/ui/badge';
import { CASE_PRIORITY_BADGES, CASE_STATUS_BADGES } from '@/features/cases/utils/labels';

/** Open, in progress, pending review, completed or closed. */
export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  const badge = CASE_STATUS_BADGES[status];
  return (
    <Badge variant={badge.variant}>
      <span className="sr-only">Status: </span>
      {badge.label}
    </Badge>
  );
}

/** Low, medium, high or critical. */
export function CasePriorityBadge({ priority }: { priority: CasePriority }) {
  const badge = CASE_PRIORITY_BADGES[priority];
  return (
    <Badge variant={badge.variant}>
      <span className="sr-only">Priority: </span>
      {badge.label}
    </Badge>
  );
}
