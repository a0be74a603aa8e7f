import { useEffect, useState } from 'react';
import { LogIn, RotateCcw, ShieldCheck } from 'lucide-react';
import type { User } from '@contract/auth';
import type { DigitalService } from '@contract/digital-services';
import { tierLabel, tierName } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDigitalServices } from '@/features/digital-services/api/get-digital-services';
import { LockedAnalyticsCard } from '@/features/digital-services/components/locked-analytics-card';
import { MyInquiries } from '@/features/digital-services/components/my-inquiries';
import { ServiceCard } from '@/features/digital-services/components/service-card';
import { ServiceDemoDialog } from '@/features/digital-services/components/service-demo-dialog';
import { ServiceInquiryDialog } from '@/features/digital-services/components/service-inquiry-dialog';
import { useLocationHash } from '@/features/digital-services/hooks/use-location-hash';
import {
  accessRequest,
  ADVANCED_ANALYTICS_TIER,
  canUseService,
  loginHref,
  viewerTier,
} from '@/features/digital-services/utils/access';
import { askToSignIn } from '@/features/digital-services/utils/sign-in';

/** A dialog keeps its service while it closes, so the content does not vanish during the fade. */
interface DialogState {
  service: DigitalService | null;
  open: boolean;
}

const closed: DialogState = { service: null, open: false };

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
          <Skeleton className="h-10" />
          <div className="grid grid-cols-2 gap-2">
            {Array.from({ length: 4 }, (_, metric) => (
              <Skeleton key={metric} className="h-12" />
            ))}
          </div>
          <Skeleton className="h-9" />
        </li>
      ))}
    </ul>
  );
}

/**
 * The digital intelligence suite: service cards by minimum tier, each with its demo and inquiry,
 * the locked Advanced Analytics card below tier 2, and the signed-in user's own inquiries.
 */
export function DigitalServices({ user }: { user: User | null }) {
  const services = useDigitalServices();
  const [demo, setDemo] = useState<DialogState>(closed);
  const [inquiry, setInquiry] = useState<DialogState>(closed);
  const signedIn = user !== null;
  const request = accessRequest(signedIn);

  const sorted = [...(services.data ?? [])].sort((a, b) => a.minimumTier - b.minimumTier);
  const usable = sorted.filter((service) => canUseService(service, user));
  const showLockedAnalytics = viewerTier(user) < ADVANCED_ANALYTICS_TIER;

  // `/digital#osint` (where a search result for a service leads): bring that card into view and focus it.
  const hash = useLocationHash();
  const targetId = sorted.find((service) => `#${service.id}` === hash)?.id ?? null;
  useEffect(() => {
    if (!targetId) return;
    const card = document.getElementById(targetId);
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    card?.scrollIntoView?.({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    card?.focus({ preventScroll: true });
  }, [targetId]);

  function inquire(service: DigitalService) {
    if (!signedIn) {
      askToSignIn();
      return;
    }
    setDemo((state) => ({ ...state, open: false }));
    setInquiry({ service, open: true });
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <header className="mb-8 flex flex-col gap-6 border-b pb-6 md:flex-row md:items-end md:justify-between">
        <div className="space-y-2">
          <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">
            Intelligence suite
          </p>
          <h1 className="text-3xl font-bold tracking-tight">Digital Intelligence Services</h1>
          <p className="max-w-2xl text-muted-foreground">
            Threat briefs, reputation monitoring, OSINT reports, VIP risk assessment and trend analysis. Each
            service opens from a minimum clearance tier; explore a demo, then send us an inquiry.
          </p>
        </div>
        {user ? (
          <div className="flex shrink-0 items-center gap-3 rounded-md border bg-card px-4 py-3">
            <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
            <div>
              <p className="font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">
                Your clearance
              </p>
              <p className="mt-1 flex items-center gap-2 text-sm font-medium">
                <Badge>{tierLabel(user.effectiveTier)}</Badge>
                {tierName(user.effectiveTier)}
              </p>
            </div>
          </div>
        ) : (
          <Button asChild variant="outline" className="shrink-0">
            <a href={loginHref()}>
              <LogIn aria-hidden="true" />
              Sign in to submit inquiries
            </a>
          </Button>
        )}
      </header>

      <section aria-label="Services" aria-busy={services.isPending}>
        {services.isPending ? (
          <LoadingCards />
        ) : services.isError ? (
          <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed px-6 py-16 text-center">
            <p role="alert" className="text-muted-foreground">
              The services could not be loaded. Check your connection and try again.
            </p>
            <Button variant="outline" onClick={() => void services.refetch()}>
              <RotateCcw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
            {sorted.map((service) => (
              <li key={service.id} className="flex">
                <ServiceCard
                  service={service}
                  usable={canUseService(service, user)}
                  highlighted={service.id === targetId}
                  requestAccess={request}
                  onViewDemo={() => setDemo({ service, open: true })}
                  onInquire={() => inquire(service)}
                />
              </li>
            ))}
            {showLockedAnalytics && (
              <li className="flex">
                <LockedAnalyticsCard requestAccess={request} />
              </li>
            )}
          </ul>
        )}
      </section>

      {user && <MyInquiries />}

      <ServiceDemoDialog
        service={demo.service}
        open={demo.open}
        onOpenChange={(open) => setDemo((state) => ({ ...state, open }))}
        onInquire={inquire}
      />
      <ServiceInquiryDialog
        service={inquiry.service}
        open={inquiry.open}
        onOpenChange={(open) => setInquiry((state) => ({ ...state, open }))}
        services={usable}
        user={user}
      />
    </div>
  );
}
