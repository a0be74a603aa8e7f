import { AlertTriangle, Users } from 'lucide-react';
import { QueryStates } from '@/components/ui/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { useTeam } from '@/features/team/api/get-team';
import { PersonnelDossier } from '@/features/team/components/personnel-dossier';

function LoadingTeam() {
  return (
    <div aria-hidden="true" className="grid gap-6 lg:grid-cols-2">
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} className="grid gap-4 rounded-lg border bg-card p-6">
          <Skeleton className="h-14 w-2/3" />
          <Skeleton className="h-12" />
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-24" />
          <Skeleton className="h-32" />
        </div>
      ))}
    </div>
  );
}

/** The team page: two dossiers, the strategic advisors and the classification notice. */
export function TeamPage({ today = new Date() }: { today?: Date }) {
  const team = useTeam();

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <header className="mb-8 space-y-2 border-b pb-6">
        <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Personnel files</p>
        <h1 className="text-3xl font-bold tracking-tight">Leadership Team</h1>
        <p className="max-w-2xl text-muted-foreground">
          The people who answer for every engagement: licensed, vetted and accountable to our ethics panel.
        </p>
      </header>

      <section aria-label="Personnel dossiers" aria-busy={team.isPending}>
        <QueryStates
          query={team}
          loading={{ label: 'Loading team', children: <LoadingTeam /> }}
          error={{
            message: 'The team could not be loaded. Check your connection and try again.',
            className: 'items-center rounded-lg border border-dashed px-6 py-16 text-center',
          }}
        >
          {(data) => (
            <div className="space-y-10">
              <div className="grid gap-6 lg:grid-cols-2">
                {data.members.map((member) => (
                  <PersonnelDossier key={member.id} member={member} today={today} />
                ))}
              </div>

              {data.advisors.length > 0 && (
                <section aria-labelledby="advisors-heading" className="space-y-4">
                  <h2 id="advisors-heading" className="flex items-center gap-2 text-xl font-semibold">
                    <Users aria-hidden="true" className="size-5 text-primary" />
                    Strategic Advisors
                  </h2>
                  <ul className="grid gap-4 md:grid-cols-3">
                    {data.advisors.map((advisor) => (
                      <li
                        key={advisor.name}
                        data-testid="advisor"
                        className="space-y-2 rounded-lg border bg-card p-5 text-card-foreground"
                      >
                        <h3 className="font-semibold">{advisor.name}</h3>
                        <p className="font-mono text-[0.7rem] tracking-widest text-primary uppercase">
                          {advisor.role}
                        </p>
                        <p className="text-sm text-muted-foreground">{advisor.blurb}</p>
                      </li>
                    ))}
                  </ul>
                </section>
              )}

              {data.classificationNotice && (
                <aside
                  aria-label="Classification notice"
                  className="flex gap-3 rounded-lg border border-warning/40 bg-warning/10 p-5 text-sm"
                >
                  <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
                  <div className="space-y-1">
                    <p className="font-mono text-xs font-semibold tracking-widest text-warning uppercase">
                      Classification notice
                    </p>
                    <p className="text-foreground/90">{data.classificationNotice}</p>
                  </div>
                </aside>
              )}
            </div>
          )}
        </QueryStates>
      </section>
    </div>
  );
}
