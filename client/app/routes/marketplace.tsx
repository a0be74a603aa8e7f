import { useRefreshUser } from '@/app/use-refresh-user';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { Marketplace } from '@/features/catalog/components/marketplace';
import { UpgradeTierButton } from '@/features/subscriptions/components/upgrade-tier-button';
import { useUser } from '@/lib/auth';

/**
 * /marketplace, for everyone: the catalogue with the cart's add button on each card and, for members
 * below the top tier, the shared upgrade dialog, so a member can upgrade from the marketplace.
 */
export function MarketplaceRoute() {
  const { data: user = null } = useUser();
  const refreshUser = useRefreshUser();
  return (
    <Marketplace
      canOpenProducts={Boolean(user)}
      renderProductAction={(product) => <AddToCartButton product={product} user={user} />}
      headerAction={
        user && <UpgradeTierButton userTier={user.tier} onUpgraded={refreshUser} variant="outline" />
      }
    />
  );
}
