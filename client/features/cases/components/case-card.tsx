import { UserCheck, Users } from 'lucide-react';
import { CASE_COST_CURRENCY, type Case } from '@contract/cases';
import { Button } from '@/components/ui/button';
import { CasePriorityBadge, CaseStatusBadge } from '@/features/cases/components/case-badges';
import type { CaseSlots } from '@/features/cases/components/case-slots';
import {
  CASE_CATEGORY_LABELS,
  deadlineLabel,
  excerpt,
  taskProgressText,
} from '@/features/cases/utils/labels';
import { formatDate, formatMoney, formatRelativeTime } from '@/lib/format';

interface CaseCardProps {
  item: Case;
  onView: (id: string) => void;
  SlaClock: CaseSlots['SlaClock'];
}

/**
 * A case in the list: status, priority, category, description preview, its service-level clock beside the client's
 * own deadline, times, agent and cost.
 */
export function CaseCard({ item, onView, SlaClock }: CaseCardProps) {
  return (
    <li
      data-testid="case-card"
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 transition-colors hover:border-primary/40"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-xs tracking-widest text-muted-foreground">{item.caseNumber}</span>
        <CaseStatusBadge status={item.status} />
        <CasePriorityBadge priority={item.priority} />
        {item.visibility === 'organization' && (
          <span className="inline-flex items-center gap-1 text-xs text-primary" data-testid="case-shared">
            <Users aria-hidden="true" className="size-3.5" />
            {item.mine ? 'Shared with my organisation' : 'Shared by a colleague'}
          </span>
        )}
        {item.assignedAgent && (
          <span className="inline-flex items-center gap-1 text-xs text-primary">
            <UserCheck aria-hidden="true" className="size-3.5" />
            Assigned: {item.assignedAgent}
          </span>
        )}
      </div>
      <div className="min-w-0 space-y-1">
        <h3 className="text-lg leading-snug font-semibold break-words">
          <button
            type="button"
            className="text-left hover:text-primary focus-visible:underline focus-visible:outline-none"
            onClick={() => onView(item.id)}
          >
            {item.title}
          </button>
        </h3>
        <p className="text-sm break-words text-muted-foreground">{excerpt(item.description)}</p>
      </div>
      <SlaClock
        sla={item.sla}
        clientTarget={item.deadline ? { label: deadlineLabel(item), value: formatDate(item.deadline) } : null}
      />
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground">
        <div className="flex gap-1">
          <dt>Category:</dt>
          <dd className="text-foreground">{CASE_CATEGORY_LABELS[item.category]}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Created:</dt>
          <dd>
            <time dateTime={item.createdAt} title={formatDate(item.createdAt)}>
              {formatRelativeTime(item.createdAt)}
            </time>
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>Estimated cost:</dt>
          <dd className="font-mono text-foreground">
            {item.estimatedCost ? formatMoney(item.estimatedCost, CASE_COST_CURRENCY) : 'Pending'}
          </dd>
        </div>
        {taskProgressText(item.tasks) && (
          <div className="flex gap-1">
            <dt>Tasks:</dt>
            <dd className="text-foreground">{taskProgressText(item.tasks)}</dd>
          </div>
        )}
        {item.ownerEmail && (
          <div className="flex min-w-0 gap-1">
            <dt>Client:</dt>
            <dd className="min-w-0 text-foreground [overflow-wrap:anywhere]">{item.ownerEmail}</dd>
          </div>
        )}
      </dl>
      <div className="flex justify-end">
        <Button
          size="sm"
          variant="outline"
          onClick={() => onView(item.id)}
          aria-label={`View case ${item.caseNumber}`}
        >
          View
        </Button>
      </div>
    </li>
  );
}
