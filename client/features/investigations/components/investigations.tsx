import { useState } from 'react';
import { FileSearch, LogIn, Scale } from 'lucide-react';
import type { User } from '@contract/auth';
import type { InvestigationCatalogEntry } from '@contract/investigations';
import { DIRECTOR_TIER } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { QueryStates } from '@/components/ui/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useInvestigationCatalog } from '@/features/investigations/api/get-investigation-catalog';
import { AllRequests } from '@/features/investigations/components/all-requests';
import { CatalogCard } from '@/features/investigations/components/catalog-card';
import { InvestigationRequestDialog } from '@/features/investigations/components/investigation-request-dialog';
import type { InvestigationSlots } from '@/features/investigations/components/investigation-slots';
import { MyInvestigations } from '@/features/investigations/components/my-investigations';
import { servicesWithinTier } from '@/features/investigations/utils/request-form';
import { LOGIN_URL } from '@/lib/constants';

/** The dialog keeps its service while it closes, so the form does not change during the fade. */
interface DialogState {
  open: boolean;
  serviceType?: InvestigationCatalogEntry['id'];
}

function LoadingCards() {
  return (
    <ul aria-hidden="true" className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className="grid gap-4 rounded-lg border bg-card p-5">
          <div className="flex gap-3">
            <Skeleton className="size-10" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-3 w-1/4" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          </div>
          <Skeleton className="h-16" />
          <div className="grid grid-cols-2 gap-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
          <Skeleton className="h-24" />
        </li>
      ))}
    </ul>
  );
}

const loginHref = () => `${LOGIN_URL}?${new URLSearchParams({ returnTo: paths.investigations.getHref() })}`;

/**
 * Investigation services: the catalogue of seven with tier badges for everyone; for signed-in
 * users the request dialog (services within their tier only) and their own requests; for Directors everyone's
 * requests with their status and agent controls.
 */
export function Investigations({ user, slots }: { user: User | null; slots: InvestigationSlots }) {
  const catalog = useInvestigationCatalog();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const services = catalog.data ?? [];
  const requestable = user ? servicesWithinTier(services, user.effectiveTier) : [];

  const openRequest = (serviceType?: InvestigationCatalogEntry['id']) =>
    setDialog({ open: true, serviceType });

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <header className="mb-8 flex flex-col gap-6 border-b pb-6 md:flex-row md:items-end md:justify-between">
        <div className="space-y-2">
          <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">
            Licensed investigations
          </p>
          <h1 className="text-3xl font-bold tracking-tight">Investigation Services</h1>
          <p className="max-w-2xl text-muted-foreground">
            Background checks, corporate due diligence, digital forensics, surveillance, skip tracing, asset
            and fraud investigations, carried out by licensed investigators within the law. Every request
            needs a lawful purpose and is reviewed before work starts.
          </p>
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <Scale aria-hidden="true" className="size-3.5" />
            Priority surcharges: HIGH +50%, URGENT +100% on the estimate.
          </p>
        </div>
        {user ? (
          <Button
            size="lg"
            className="shrink-0"
            onClick={() => openRequest()}
            disabled={requestable.length === 0}
          >
            <FileSearch aria-hidden="true" />
            Request Investigation
          </Button>
        ) : (
          <Button asChild variant="outline" className="shrink-0">
            <a href={loginHref()}>
              <LogIn aria-hidden="true" />
              Sign in to request an investigation
            </a>
          </Button>
        )}
      </header>

      <section aria-labelledby="investigation-catalog-heading" aria-busy={catalog.isPending}>
        <div className="mb-4 flex items-center gap-3">
          <h2 id="investigation-catalog-heading" className="text-xl font-semibold tracking-tight">
            Services
          </h2>
          {catalog.data && <Badge variant="secondary">{services.length} services</Badge>}
        </div>
        <QueryStates
          query={catalog}
          loading={{ label: 'Loading investigation services', children: <LoadingCards /> }}
          error={{
            message: 'The investigation services could not be loaded.',
            className: 'items-center rounded-lg border border-dashed px-6 py-16 text-center',
          }}
        >
          {(entries) => (
            <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
              {entries.map((service) => (
                <li key={service.id} className="flex">
                  <CatalogCard
                    service={service}
                    access={
                      !user ? 'browse' : user.effectiveTier >= service.minimumTier ? 'request' : 'locked'
                    }
                    onRequest={() => openRequest(service.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </section>

      {user && (
        <MyInvestigations
          onRequest={() => openRequest()}
          director={user.tier >= DIRECTOR_TIER}
          slots={slots}
        />
      )}

      {user && user.tier >= DIRECTOR_TIER && <AllRequests slots={slots} />}

      {user && (
        <InvestigationRequestDialog
          open={dialog.open}
          onOpenChange={(open) => setDialog((state) => ({ ...state, open }))}
          services={requestable}
          initialServiceType={dialog.serviceType}
          user={user}
        />
      )}
    </div>
  );
}
