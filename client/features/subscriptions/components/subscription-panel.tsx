import { useState, type ReactNode } from 'react';
import { BadgeCheck, CalendarX2, Sparkles } from 'lucide-react';
import { renewsByItself, type SubscriptionStatus } from '@contract/subscriptions';
import { tierLabel } from '@contract/tiers';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListSkeleton } from '@/components/ui/list-states';
import { LoadError } from '@/components/ui/load-error';
import { toast } from '@/components/ui/use-toast';
import { useCancelSubscription } from '@/features/subscriptions/api/cancel-subscription';
import { useActiveSubscription } from '@/features/subscriptions/api/get-active-subscription';
import { usePendingUpgrade } from '@/features/subscriptions/api/get-pending-upgrade';
import {
  PendingUpgradeCard,
  type PaymentInstructionsSlot,
} from '@/features/subscriptions/components/pending-upgrade-card';
import { SUBSCRIPTION_MESSAGES } from '@/features/subscriptions/utils/messages';
import { BILLING_UNITS } from '@/features/subscriptions/utils/plans';
import { manualRenewalTerms } from '@/features/subscriptions/utils/renewal';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate, formatMoneyWithCode } from '@/lib/format';

const STATUS_VARIANTS: Record<SubscriptionStatus, BadgeProps['variant']> = {
  active: 'default',
  pending: 'warning',
  cancelled: 'secondary',
  expired: 'destructive',
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/**
 * The Subscription tab: an upgrade that waits (what for, what happens next, how to pay), then the active
 * subscription's tier, status, period and auto renewal, which can be turned off (a card subscription), or what
 * renewing will ask for (one paid by bank transfer or crypto, which does not renew by itself); or 'No Active
 * Subscription' with a way to the tiers.
 */
export function SubscriptionPanel({
  onExploreTiers,
  PaymentInstructions,
}: {
  onExploreTiers: () => void;
  PaymentInstructions: PaymentInstructionsSlot;
}) {
  const pending = usePendingUpgrade();
  return (
    <div className="grid gap-6">
      {pending.data && (
        <PendingUpgradeCard pending={pending.data} PaymentInstructions={PaymentInstructions} />
      )}
      <ActiveSubscription onExploreTiers={onExploreTiers} upgradeWaiting={Boolean(pending.data)} />
    </div>
  );
}

function ActiveSubscription({
  onExploreTiers,
  upgradeWaiting,
}: {
  onExploreTiers: () => void;
  /** An upgrade waits above: no tiers to explore until it is settled. */
  upgradeWaiting: boolean;
}) {
  const subscription = useActiveSubscription();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);

  function cancelRenewal() {
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        toast({
          title: 'Auto-Renewal Cancelled',
          description: result.currentPeriodEnd
            ? `Your tier stays until ${formatDate(result.currentPeriodEnd)}.`
            : 'Your tier stays until the paid period ends.',
        });
      },
      onError: (error) => {
        setConfirming(false);
        toastFailure(error, 'Failed to cancel auto-renewal.');
      },
    });
  }

  if (subscription.isPending) {
    return <ListSkeleton label="Loading your subscription" rows={1} rowClassName="h-56" />;
  }

  if (subscription.isError) {
    return (
      <LoadError
        message="Your subscription could not be loaded."
        onRetry={() => void subscription.refetch()}
      />
    );
  }

  const active = subscription.data;
  if (!active && upgradeWaiting) {
    return (
      <Card>
        <CardContent className="grid gap-1 py-5">
          <p className="font-semibold">{SUBSCRIPTION_MESSAGES.noSubscription}</p>
          <p className="text-sm text-muted-foreground">
            You stay on the free Basic tier until the upgrade above takes effect.
          </p>
        </CardContent>
      </Card>
    );
  }

  if (!active) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <Sparkles aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-lg font-semibold">{SUBSCRIPTION_MESSAGES.noSubscription}</p>
          <p className="max-w-md text-sm text-muted-foreground">
            You are on the free Basic tier. A paid tier opens advanced intelligence services, priority case
            handling and more.
          </p>
          <Button onClick={onExploreTiers}>Explore Tiers</Button>
        </CardContent>
      </Card>
    );
  }

  const automatic = renewsByItself(active);
  const renewing = automatic && !active.cancelAtPeriodEnd;

  return (
    <Card data-testid="active-subscription">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex flex-wrap items-center gap-2">
            <BadgeCheck aria-hidden="true" className="size-5 text-primary" />
            {active.tierName}
            <Badge variant="outline">{tierLabel(active.tier)}</Badge>
          </CardTitle>
          <CardDescription>
            {formatMoneyWithCode(active.amount, active.currency)} per {BILLING_UNITS[active.billing]}
          </CardDescription>
        </div>
        <Badge variant={STATUS_VARIANTS[active.status]} className="sm:mt-1">
          <span className="sr-only">Status: </span>
          {active.status}
        </Badge>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Detail label="Tier">
            {tierLabel(active.tier)} · {active.tierName}
          </Detail>
          <Detail label="Current period start">
            {active.currentPeriodStart ? formatDate(active.currentPeriodStart) : '—'}
          </Detail>
          <Detail label="Current period end">
            {active.currentPeriodEnd ? formatDate(active.currentPeriodEnd) : '—'}
          </Detail>
          {automatic ? (
            <Detail label="Auto renewal">
              <Badge variant={renewing ? 'default' : 'secondary'}>{renewing ? 'Active' : 'Cancelled'}</Badge>
            </Detail>
          ) : (
            <Detail label="Renewal">
              <Badge variant="secondary" className="whitespace-normal">
                Does not renew by itself
              </Badge>
            </Detail>
          )}
        </dl>
      </CardContent>
      <CardFooter className="border-t pt-5">
        {!automatic ? (
          <p className="text-sm text-muted-foreground" data-testid="renewal-terms">
            {manualRenewalTerms(active)}
          </p>
        ) : renewing ? (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            <CalendarX2 aria-hidden="true" />
            Cancel Auto-Renewal
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">
            Auto renewal is off: your tier stays until the current period ends.
          </p>
        )}
      </CardFooter>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={cancelRenewal}
        title="Cancel auto-renewal?"
        description={`You keep ${active.tierName} until ${active.currentPeriodEnd ? formatDate(active.currentPeriodEnd) : 'the end of the paid period'}; it will not renew after that.`}
        confirmLabel="Cancel Auto-Renewal"
        pendingLabel="Cancelling"
        pending={cancel.isPending}
      />
    </Card>
  );
}
