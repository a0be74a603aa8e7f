import { useState } from 'react';
import { FolderOpen, Plus } from 'lucide-react';
import type { RecordVisibility } from '@contract/organization';
import { Button } from '@/components/ui/button';
import { VisibilityFilter } from '@/components/ui/organization-sharing';
import { EmptyState, QueryStates } from '@/components/ui/list-states';
import { useCases, type CasesView } from '@/features/cases/api/get-cases';
import { CaseCard } from '@/features/cases/components/case-card';
import type { CaseSlots } from '@/features/cases/components/case-slots';
import { CASE_MESSAGES } from '@/features/cases/utils/labels';
import { useUser } from '@/lib/auth';

interface CaseListProps {
  view: CasesView;
  /** `q=...`: a case number (a merged case's finds its target) or title words; '' for all. */
  search?: string;
  onView: (id: string) => void;
  /** My Cases only: the empty state offers 'Create Your First Case'. */
  onCreate?: () => void;
  slots: Pick<CaseSlots, 'SlaClock' | 'SlaListControls'>;
}

/** One tab's cases, newest first; the Directors' Assigned and All tabs also order and filter by service level. */
export function CaseList({ view, search = '', onView, onCreate, slots }: CaseListProps) {
  const [slaQuery, setSlaQuery] = useState('');
  const [visibility, setVisibility] = useState<RecordVisibility | ''>('');
  const { data: user } = useUser();
  const staffList = view !== 'mine';
  const cases = useCases(
    view,
    [staffList ? slaQuery : visibility ? `visibility=${visibility}` : '', search].filter(Boolean).join('&'),
  );

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
            onCreate &&
            !search && (
              <Button className="mt-2" onClick={onCreate}>
                <Plus aria-hidden="true" />
                Create Your First Case
              </Button>
            )
          }
        >
          {search
            ? 'No case matches that number or title.'
            : view === 'queue'
              ? 'Every open case has an agent: nothing waits to be picked up.'
              : onCreate
                ? "You haven't created any cases yet."
                : 'Cases will be listed here.'}
        </EmptyState>
      }
    >
      {(data) => (
        <ul aria-label="Cases" className="grid gap-3 lg:grid-cols-2">
          {data.map((item) => (
            <CaseCard key={item.id} item={item} onView={onView} SlaClock={slots.SlaClock} />
          ))}
        </ul>
      )}
    </QueryStates>
  );
  if (staffList) {
    return (
      <div className="grid gap-4">
        <slots.SlaListControls onQueryChange={setSlaQuery} />
        {list}
      </div>
    );
  }
  // Members of an organisation see their own cases and those shared with it, and can keep one kind.
  return user?.organization ? (
    <div className="grid gap-4">
      <VisibilityFilter noun="cases" value={visibility} onChange={setVisibility} />
      {list}
    </div>
  ) : (
    list
  );
}
