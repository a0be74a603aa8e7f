import { lazy, Suspense } from 'react';
import { Crosshair, LogOut, Menu, Search, ShoppingCart, X } from 'lucide-react';
import { Link } from 'wouter';
import type { User } from '@contract/auth';
import type { ReviewCounts } from '@contract/review';
import { tierLabel, tierName } from '@contract/tiers';
import { MOBILE_SEARCH_ID, MOBILE_SEARCH_TOGGLE_ID } from '@/app/layout/mobile-search';
import { useSignInHref } from '@/app/layout/use-sign-in-href';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart/api/get-cart';
import { CartCountBadge } from '@/features/cart/components/cart-count-badge';
import { cartLabel } from '@/features/cart/utils/cart-label';
import { GlobalSearch } from '@/features/search/components/global-search';
import { APP_NAME, APP_TAGLINE, LOGIN_URL, LOGOUT_URL } from '@/lib/constants';

// The account menu brings Radix's menu and its positioning: signed-in users only, loaded after the page.
const AccountMenu = lazy(() =>
  import('@/app/layout/account-menu').then((module) => ({ default: module.AccountMenu })),
);

// The bell brings the notification schemas (zod) and its panel: signed-in users only, loaded after the page.
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((module) => ({
    default: module.NotificationBell,
  })),
);

interface TopBarProps {
  user: User | null;
  /** A Director's review counts for the account menu: undefined while they load (or for everyone else). */
  reviewCounts: ReviewCounts | undefined;
  onAccountMenuOpen: () => void;
  mobileMenuOpen: boolean;
  /** The mobile menu's button was touched, pointed at or focused: a click may follow. */
  onMobileMenuIntent: () => void;
  onToggleMobileMenu: () => void;
  searchOpen: boolean;
  onToggleSearch: () => void;
}

/**
 * Brand, account controls and the mobile menu toggle. The global search (desktop, 24rem) sits in the middle;
 * below the large breakpoint a search button opens it in a row of its own. The notification bell sits before the
 * tier badge; the account menu (from the medium breakpoint, in the mobile menu below it) before Logout.
 */
export function TopBar({
  user,
  reviewCounts,
  onAccountMenuOpen,
  mobileMenuOpen,
  onMobileMenuIntent,
  onToggleMobileMenu,
  searchOpen,
  onToggleSearch,
}: TopBarProps) {
  // The cart icon counts cart lines, not quantities; only signed-in users have a cart.
  const cart = useCart({ enabled: Boolean(user) });
  const cartLines = cart.data?.length ?? 0;
  const signInHref = useSignInHref();
  return (
    <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
      <Link
        href={paths.home.getHref()}
        className="flex shrink-0 items-center gap-2 rounded-sm text-foreground"
      >
        <Crosshair aria-hidden="true" className="size-6 text-primary" />
        <span className="flex flex-col leading-none">
          <span className="font-mono text-xs font-bold tracking-[0.2em] uppercase sm:text-sm sm:tracking-[0.25em]">
            {APP_NAME}
          </span>
          <span className="hidden text-[0.65rem] text-muted-foreground sm:block">{APP_TAGLINE}</span>
        </span>
      </Link>

      <div data-slot="top-bar-search" className="hidden flex-1 justify-center lg:flex">
        <GlobalSearch />
      </div>
      <div className="flex-1 lg:hidden" />

      <div className="flex items-center gap-0.5 sm:gap-2">
        <Button
          id={MOBILE_SEARCH_TOGGLE_ID}
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-expanded={searchOpen}
          aria-controls={MOBILE_SEARCH_ID}
          aria-label={searchOpen ? 'Close search' : 'Open search'}
          onClick={onToggleSearch}
        >
          {searchOpen ? <X aria-hidden="true" /> : <Search aria-hidden="true" />}
        </Button>
        {user ? (
          <>
            <Suspense fallback={<span aria-hidden="true" className="size-9" />}>
              <NotificationBell />
            </Suspense>
            <Badge title={`${tierName(user.effectiveTier)} clearance`}>{tierLabel(user.effectiveTier)}</Badge>
            <Button asChild variant="ghost" size="icon" className="relative">
              <Link href={paths.marketplace.getHref()} aria-label={cartLabel('Cart', cartLines)} title="Cart">
                <ShoppingCart aria-hidden="true" />
                <CartCountBadge count={cartLines} className="-top-0.5 -right-0.5" />
              </Link>
            </Button>
            <Suspense fallback={<span aria-hidden="true" className="hidden h-8 w-12 md:block" />}>
              <AccountMenu user={user} reviewCounts={reviewCounts} onOpen={onAccountMenuOpen} />
            </Suspense>
            <Button asChild variant="ghost" size="sm" className="hidden md:inline-flex">
              {/* A full-page navigation: the server ends the session and redirects home. */}
              <a href={LOGOUT_URL}>
                <LogOut aria-hidden="true" />
                Logout
              </a>
            </Button>
          </>
        ) : (
          <>
            {/* Returning clients sign in; newcomers ask for access (spec 2.1's button). */}
            <Button asChild variant="ghost" size="sm" className="hidden md:inline-flex">
              <Link href={signInHref}>Sign in</Link>
            </Button>
            <Button asChild size="sm" className="hidden md:inline-flex">
              <a href={LOGIN_URL}>Request Access</a>
            </Button>
          </>
        )}

        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={mobileMenuOpen}
          aria-controls="mobile-menu"
          aria-label={mobileMenuOpen ? 'Close menu' : 'Open menu'}
          onPointerEnter={onMobileMenuIntent}
          onPointerDown={onMobileMenuIntent}
          onFocus={onMobileMenuIntent}
          onClick={onToggleMobileMenu}
        >
          {mobileMenuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </Button>
      </div>
    </div>
  );
}
