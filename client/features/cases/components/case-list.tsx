import { useState } from 'react';
import { FolderOpen, Plus } from 'lucide-react';
import { SlaListControls } from '@/components/sla/sla-list-controls';
import { DEFAULT_SLA_FILTER, slaFilterQuery } from '@/components/sla/sla-text';
import { Button } from '@/components/ui/button';
import { EmptyState, QueryStates } from '@/components/ui/list-states';
import { useCases, type CasesView } from '@/features/cases/api/get-cases';
import { CaseCard } from '@/features/cases/components/case-card';
import { CASE_MESSAGES } from '@/features/cases/utils/labels';

interface CaseListProps {
  view: CasesView;
  onView: (id: string) => void;
  /** My Cases only: the empty state offers 'Create Your First Case'. */
  onCreate?: () => void;
}

/** One tab's cases, newest first; the Directors' Assigned and All tabs also order and filter by service level. */
export function CaseList({ view, onView, onCreate }: CaseListProps) {
  const [filter, setFilter] = useState(DEFAULT_SLA_FILTER);
  const staffList = view !== 'mine';
  const cases = useCases(view, staffList ? slaFilterQuery(filter) : '');

  const list = (
    <QueryStates
      query={cases}
      loading={{ label: 'Loading cases', rows: 3, rowClassName: 'h-36' }}
      error="The cases could not be loaded."
      empty={
        <EmptyState
          icon={FolderOpen}
          title={CASE_MESSAGES.noCases}
          action={
            onCreate && (
              <Button className="mt-2" onClick={onCreate}>
                <Plus aria-hidden="true" />
                Create Your First Case
              </Button>
            )
          }
        >
          {onCreate ? "You haven't created any cases yet." : 'Cases will be listed here.'}
        </EmptyState>
      }
    >
      {(data) => (
        <ul aria-label="Cases" className="grid gap-3 lg:grid-cols-2">
          {data.map((item) => (
            <CaseCard key={item.id} item={item} onView={onView} />
          ))}
        </ul>
      )}
    </QueryStates>
  );
  return staffList ? (
    <div className="grid gap-4">
      <SlaListControls value={filter} onChange={setFilter} />
      {list}
    </div>
  ) : (
    list
  );
}
