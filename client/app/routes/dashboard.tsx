import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { loadCheckout } from '@/app/load-checkout';
import { useRefreshUser } from '@/app/use-refresh-user';
import { CartSummary } from '@/features/cart/components/cart-summary';
import { dashboardSummaryQueryKey } from '@/features/dashboard/api/get-dashboard-summary';
import { MissionControl } from '@/features/dashboard/components/mission-control';
import { UpgradeTierButton } from '@/features/subscriptions/components/upgrade-tier-button';
import { useUser } from '@/lib/auth';

/** /dashboard, signed-in users: Mission Control, with the cart summary and the upgrade dialog. */
export function DashboardRoute() {
  const { data: user = null } = useUser();
  const queryClient = useQueryClient();
  const refreshUser = useRefreshUser();
  // An order or an upgrade changes the figures, the orders and the activity list.
  const refreshSummary = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: dashboardSummaryQueryKey }),
    [queryClient],
  );

  return (
    <MissionControl
      user={user}
      cartSummary={<CartSummary loadCheckout={loadCheckout} onOrderPlaced={refreshSummary} />}
      upgradeAction={
        user && (
          <UpgradeTierButton
            userTier={user.tier}
            onUpgraded={() => {
              refreshUser();
              refreshSummary();
            }}
          />
        )
      }
    />
  );
}
