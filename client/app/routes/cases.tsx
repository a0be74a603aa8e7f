import { useCallback, useState } from 'react';
import { Briefcase, FolderSearch, Plus, UserCheck } from 'lucide-react';
import { useSearchParams } from 'wouter';
import { DIRECTOR_TIER } from '@contract/tiers';
import { caseSlots } from '@/app/subject-slots';
import { useTabParam } from '@/app/use-tab-param';
import { Button } from '@/components/ui/button';
import { LoadingMessage } from '@/components/ui/spinner';
import { pageTabsListClass, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CaseDetailDialog } from '@/features/cases/components/case-detail-dialog';
import { CaseList } from '@/features/cases/components/case-list';
import { NewCaseDialog } from '@/features/cases/components/new-case-dialog';
import { useUser } from '@/lib/auth';

const CASES_TABS = ['mine', 'assigned', 'all'] as const;

/** /cases, signed-in users: their cases and, for Directors, assigned and all cases. */
export function CasesRoute() {
  const { data: user } = useUser();
  const [requestedTab, setTab] = useTabParam(CASES_TABS);
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const director = (user?.tier ?? 0) >= DIRECTOR_TIER;
  const tab = requestedTab !== 'mine' && !director ? 'mine' : requestedTab;
  // `?case=<id>` opens that case (notifications link to it).
  const openCaseId = params.get('case');

  const setOpenCase = useCallback(
    (id: string | null) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (id) updated.set('case', id);
          else updated.delete('case');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4 border-b pb-6">
        <div className="space-y-2">
          <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Operations</p>
          <h1 className="text-3xl font-bold tracking-tight">Cases</h1>
          <p className="max-w-2xl text-muted-foreground">
            Open a case, follow its progress and talk to the team working on it.
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          New Case
        </Button>
      </header>
      {!user ? (
        <LoadingMessage>Loading cases...</LoadingMessage>
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className={pageTabsListClass}>
            <TabsTrigger value="mine">
              <Briefcase aria-hidden="true" className="hidden size-4 sm:block" />
              My Cases
            </TabsTrigger>
            {director && (
              <TabsTrigger value="assigned">
                <UserCheck aria-hidden="true" className="hidden size-4 sm:block" />
                Assigned Cases
              </TabsTrigger>
            )}
            {director && (
              <TabsTrigger value="all">
                <FolderSearch aria-hidden="true" className="hidden size-4 sm:block" />
                All Cases
              </TabsTrigger>
            )}
          </TabsList>
          <TabsContent value="mine">
            <CaseList view="mine" onView={setOpenCase} onCreate={() => setCreating(true)} slots={caseSlots} />
          </TabsContent>
          {director && (
            <TabsContent value="assigned">
              <CaseList view="assigned" onView={setOpenCase} slots={caseSlots} />
            </TabsContent>
          )}
          {director && (
            <TabsContent value="all">
              <CaseList view="all" onView={setOpenCase} slots={caseSlots} />
            </TabsContent>
          )}
        </Tabs>
      )}
      <NewCaseDialog open={creating} onOpenChange={setCreating} />
      {user && (
        <CaseDetailDialog
          caseId={openCaseId}
          user={user}
          slots={caseSlots}
          onOpenChange={(open) => {
            if (!open) setOpenCase(null);
          }}
        />
      )}
    </div>
  );
}
