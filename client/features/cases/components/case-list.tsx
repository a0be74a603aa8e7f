import { FolderOpen, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useCases, type CasesView } from '@/features/cases/api/get-cases';
import { CaseCard } from '@/features/cases/components/case-card';
import { CASE_MESSAGES } from '@/features/cases/utils/labels';

interface CaseListProps {
  view: CasesView;
  onView: (id: string) => void;
  /** My Cases only: the empty state offers 'Create Your First Case'. */
  onCreate?: () => void;
}

/** One tab's cases, newest first (spec 2.20). */
export function CaseList({ view, onView, onCreate }: CaseListProps) {
  const cases = useCases(view);

  if (cases.isPending) {
    return (
      <div aria-busy="true" className="grid gap-3">
        <span role="status" className="sr-only">
          Loading cases
        </span>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-36" />
        ))}
      </div>
    );
  }

  if (cases.isError) {
    return <LoadError message="The cases could not be loaded." onRetry={() => void cases.refetch()} />;
  }

  if (cases.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
        <FolderOpen aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{CASE_MESSAGES.noCases}</p>
        {onCreate ? (
          <>
            <p className="text-sm text-muted-foreground">You haven&apos;t created any cases yet.</p>
            <Button className="mt-2" onClick={onCreate}>
              <Plus aria-hidden="true" />
              Create Your First Case
            </Button>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Cases will be listed here.</p>
        )}
      </div>
    );
  }

  return (
    <ul aria-label="Cases" className="grid gap-3 lg:grid-cols-2">
      {cases.data.map((item) => (
        <CaseCard key={item.id} item={item} onView={onView} />
      ))}
    </ul>
  );
}
