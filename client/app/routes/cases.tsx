import { useCallback, useState } from 'react';
import { Briefcase, ClipboardList, FolderSearch, Inbox, ListChecks, Plus, UserCheck } from 'lucide-react';
import { useSearchParams } from 'wouter';
import { DIRECTOR_TIER } from '@contract/tiers';
import { caseSlots } from '@/app/subject-slots';
import { useTabParam } from '@/app/use-tab-param';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadingMessage } from '@/components/ui/spinner';
import { pageTabsListClass, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CaseDetailDialog } from '@/features/cases/components/case-detail-dialog';
import { CaseList } from '@/features/cases/components/case-list';
import { CaseTemplates } from '@/features/cases/components/case-templates';
import { MyTasks } from '@/features/cases/components/my-tasks';
import { NewCaseDialog } from '@/features/cases/components/new-case-dialog';
import { useUser } from '@/lib/auth';

/** A client's one list; a Director's first look is the queue of what nobody has picked up (never an empty My Cases). */
const CLIENT_TABS = ['mine'] as const;
const DIRECTOR_TABS = ['queue', 'assigned', 'all', 'tasks', 'mine', 'templates'] as const;

/**
 * /cases, signed-in users: their cases; Directors open on the queue, then Assigned to me, All cases, My tasks, their
 * own cases and the case templates.
 */
export function CasesRoute() {
  const { data: user } = useUser();
  const director = (user?.tier ?? 0) >= DIRECTOR_TIER;
  const [tab, setTab] = useTabParam<string>(director ? DIRECTOR_TABS : CLIENT_TABS);
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const query = search.trim() ? `q=${encodeURIComponent(search.trim())}` : '';
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
        <div className="grid gap-4">
          <Input
            type="search"
            aria-label="Find a case by number or title"
            placeholder="Find a case: CASE-1001 or words of its title"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="max-w-md"
          />
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className={pageTabsListClass}>
              {director && (
                <TabsTrigger value="queue">
                  <Inbox aria-hidden="true" className="hidden size-4 sm:block" />
                  New &amp; unassigned
                </TabsTrigger>
              )}
              {director && (
                <TabsTrigger value="assigned">
                  <UserCheck aria-hidden="true" className="hidden size-4 sm:block" />
                  Assigned to me
                </TabsTrigger>
              )}
              {director && (
                <TabsTrigger value="all">
                  <FolderSearch aria-hidden="true" className="hidden size-4 sm:block" />
                  All cases
                </TabsTrigger>
              )}
              {director && (
                <TabsTrigger value="tasks">
                  <ListChecks aria-hidden="true" className="hidden size-4 sm:block" />
                  My tasks
                </TabsTrigger>
              )}
              <TabsTrigger value="mine">
                <Briefcase aria-hidden="true" className="hidden size-4 sm:block" />
                {director ? 'My own cases' : 'My Cases'}
              </TabsTrigger>
              {director && (
                <TabsTrigger value="templates">
                  <ClipboardList aria-hidden="true" className="hidden size-4 sm:block" />
                  Templates
                </TabsTrigger>
              )}
            </TabsList>
            {director && (
              <TabsContent value="queue">
                <CaseList view="queue" search={query} onView={setOpenCase} slots={caseSlots} />
              </TabsContent>
            )}
            {director && (
              <TabsContent value="assigned">
                <CaseList view="assigned" search={query} onView={setOpenCase} slots={caseSlots} />
              </TabsContent>
            )}
            {director && (
              <TabsContent value="all">
                <CaseList view="all" search={query} onView={setOpenCase} slots={caseSlots} />
              </TabsContent>
            )}
            {director && (
              <TabsContent value="tasks">
                <MyTasks onView={setOpenCase} />
              </TabsContent>
            )}
            <TabsContent value="mine">
              <CaseList
                view="mine"
                search={query}
                onView={setOpenCase}
                onCreate={() => setCreating(true)}
                slots={caseSlots}
              />
            </TabsContent>
            {director && (
              <TabsContent value="templates">
                <CaseTemplates />
              </TabsContent>
            )}
          </Tabs>
        </div>
      )}
      <NewCaseDialog open={creating} onOpenChange={setCreating} />
      {user && (
        <CaseDetailDialog
          caseId={openCaseId}
          user={user}
          slots={caseSlots}
          onOpenCase={setOpenCase}
          onOpenChange={(open) => {
            if (!open) setOpenCase(null);
          }}
        />
      )}
    </div>
  );
}
