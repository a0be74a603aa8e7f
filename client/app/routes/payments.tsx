import { ArrowUpCircle, ClipboardCheck, CreditCard, Receipt } from 'lucide-react';
import { DIRECTOR_TIER, tierLabel, tierName } from '@contract/tiers';
import { useTabParam } from '@/app/use-tab-param';
import { useRefreshUser } from '@/app/use-refresh-user';
import { LoadingMessage } from '@/components/ui/spinner';
import { TestModeNotice } from '@/components/ui/test-mode-notice';
import { pageTabsListClass, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PaymentHistory } from '@/features/payments/components/payment-history';
import { PaymentInstructions } from '@/features/payments/components/payment-instructions';
import { PendingPaymentsPanel } from '@/features/payments/components/pending-payments-panel';
import { PendingUpgradesPanel } from '@/features/subscriptions/components/pending-upgrades-panel';
import { SubscriptionPanel } from '@/features/subscriptions/components/subscription-panel';
import { TierUpgradePanel } from '@/features/subscriptions/components/tier-upgrade-panel';
import { useUser } from '@/lib/auth';
import { usePaymentTestMode } from '@/lib/payment-settings';

/**
 * The Approvals tab, Directors only (approving payments and tier-4 upgrades is staff work): pending payments
 * to settle (payments) beside upgrades to approve (subscriptions). Each list refreshes the other through the
 * keys in client/lib/billing-query-keys.ts.
 */
export function ApprovalsPanel() {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <PendingPaymentsPanel />
      <PendingUpgradesPanel />
    </div>
  );
}

/**
 * The Subscription tab: the subscription and an upgrade that waits (subscriptions), with the payments feature's
 * instructions for an upgrade paid by bank transfer or crypto.
 */
export function SubscriptionTab({ onExploreTiers }: { onExploreTiers: () => void }) {
  return <SubscriptionPanel onExploreTiers={onExploreTiers} PaymentInstructions={PaymentInstructions} />;
}

const PAYMENTS_TABS = ['subscription', 'history', 'upgrade', 'approvals'] as const;

/** /payments, signed-in users: subscription, payment history, tier upgrade and, for Directors, approvals. */
export function PaymentsRoute() {
  const { data: user } = useUser();
  const [requestedTab, setTab] = useTabParam(PAYMENTS_TABS);
  const refreshUser = useRefreshUser();
  const testMode = usePaymentTestMode();
  const director = (user?.tier ?? 0) >= DIRECTOR_TIER;
  const tab = requestedTab === 'approvals' && !director ? 'subscription' : requestedTab;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8 space-y-2 border-b pb-6">
        <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Billing</p>
        <h1 className="text-3xl font-bold tracking-tight">Payments</h1>
        <p className="max-w-2xl text-muted-foreground">
          Your subscription, what you have paid, and the clearance tiers you can move up to.
        </p>
        {user?.organization && user.effectiveTier > user.tier && (
          // Billing is per person (decision 036): the own subscription below, the organisation's tier beside it.
          <p className="text-sm" data-testid="inherited-tier">
            Your organisation, {user.organization.name}, gives you {tierName(user.effectiveTier)} (
            {tierLabel(user.effectiveTier)}) while you belong to it; your own tier is {tierLabel(user.tier)}.
          </p>
        )}
        {testMode && <TestModeNotice className="max-w-2xl" />}
      </header>
      {!user ? (
        <LoadingMessage>Loading payments...</LoadingMessage>
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className={pageTabsListClass}>
            <TabsTrigger value="subscription">
              <CreditCard aria-hidden="true" className="hidden size-4 sm:block" />
              Subscription
            </TabsTrigger>
            <TabsTrigger value="history">
              <Receipt aria-hidden="true" className="hidden size-4 sm:block" />
              Payment History
            </TabsTrigger>
            <TabsTrigger value="upgrade">
              <ArrowUpCircle aria-hidden="true" className="hidden size-4 sm:block" />
              Tier Upgrade
            </TabsTrigger>
            {director && (
              <TabsTrigger value="approvals">
                <ClipboardCheck aria-hidden="true" className="hidden size-4 sm:block" />
                Approvals
              </TabsTrigger>
            )}
          </TabsList>
          <TabsContent value="subscription">
            <SubscriptionTab onExploreTiers={() => setTab('upgrade')} />
          </TabsContent>
          <TabsContent value="history">
            <PaymentHistory />
          </TabsContent>
          <TabsContent value="upgrade">
            <TierUpgradePanel
              userTier={user.tier}
              onUpgraded={(result) => {
                refreshUser();
                // What waits, what happens next and how to pay are on the Subscription tab.
                if (result.outcome !== 'active') setTab('subscription');
              }}
            />
          </TabsContent>
          {director && (
            <TabsContent value="approvals">
              <ApprovalsPanel />
            </TabsContent>
          )}
        </Tabs>
      )}
    </div>
  );
}
