import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { DIRECTOR_TIER } from '@contract/tiers';
import { Footer } from '@/app/layout/footer';
import { LiveStatus } from '@/app/layout/live-status';
import { MobileSearch } from '@/app/layout/mobile-search';
import { NavBar } from '@/app/layout/nav-bar';
import { CartWidget, VerifyEmailBanner } from '@/app/layout/member-parts';
import { TopBar } from '@/app/layout/top-bar';
import { loadCheckout } from '@/app/load-checkout';
import { usePageViewReporting } from '@/features/analytics/hooks/use-page-view-reporting';
import { useReviewCounts } from '@/features/review/api/get-review-counts';
import { useUser } from '@/lib/auth';
import { lazyNamed } from '@/lib/lazy-named';
import { cn } from '@/lib/utils';

// The phone menu loads when its button is first touched, pointed at or focused: by the click it is usually there,
// and opens at once instead of after React's 300 ms of an empty Suspense fallback.
const MobileMenu = lazyNamed(() => import('@/app/layout/mobile-menu'), 'MobileMenu');
const preloadMobileMenu = () => void MobileMenu.preload().catch(() => undefined);

/** What opens under the top bar on small screens: the menu or the search, one at a time. */
type Panel = 'menu' | 'search' | null;

export function AppLayout({ children }: { children: ReactNode }) {
  const { data: user = null } = useUser();
  // Route changes go to the analytics API in batches (the page views Directors read); never visible.
  usePageViewReporting();
  const [panel, setPanel] = useState<Panel>(null);
  const closePanel = useCallback(() => setPanel(null), []);
  const toggle = (next: Exclude<Panel, null>) => setPanel((open) => (open === next ? null : next));
  // A new page closes them (a search result chosen, a link followed).
  const [location] = useLocation();
  const [panelLocation, setPanelLocation] = useState(location);
  if (panelLocation !== location) {
    setPanelLocation(location);
    setPanel(null);
  }
  // What waits for a Director's review, for the account menus; read again whenever one opens, and on each new
  // page, so that the button's total follows what the Director has just decided.
  const director = (user?.tier ?? 0) >= DIRECTOR_TIER;
  const reviewCounts = useReviewCounts({ enabled: director });
  const refetchReviewCounts = reviewCounts.refetch;
  const refreshReviewCounts = useCallback(() => {
    if (director) void refetchReviewCounts();
  }, [director, refetchReviewCounts]);
  const countedAt = useRef(location);
  useEffect(() => {
    if (countedAt.current === location) return;
    countedAt.current = location;
    refreshReviewCounts();
  }, [location, refreshReviewCounts]);
  const counts = director ? reviewCounts.data : undefined;
  const queryClient = useQueryClient();
  // An order changes stock: the catalogue (lists and product pages) must be read again. Its query key comes
  // with the catalogue's code, which the first page does not load; by the time an order is placed it is
  // usually loaded already.
  const refreshCatalogue = useCallback(
    () =>
      void import('@/features/catalog/api/get-products').then(({ productsQueryKey }) =>
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ),
    [queryClient],
  );

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header
        data-slot="app-header"
        className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75"
      >
        <TopBar
          user={user}
          reviewCounts={counts}
          onAccountMenuOpen={refreshReviewCounts}
          mobileMenuOpen={panel === 'menu'}
          onMobileMenuIntent={preloadMobileMenu}
          onToggleMobileMenu={() => {
            if (panel !== 'menu') refreshReviewCounts();
            toggle('menu');
          }}
          searchOpen={panel === 'search'}
          onToggleSearch={() => toggle('search')}
        />
        <NavBar signedIn={Boolean(user)} />
        {panel === 'search' && <MobileSearch onClose={closePanel} />}
        {panel === 'menu' && (
          <Suspense fallback={null}>
            <MobileMenu user={user} reviewCounts={counts} onClose={closePanel} />
          </Suspense>
        )}
      </header>
      <LiveStatus signedIn={Boolean(user)} />
      {/* Not in the sticky header: on a phone it would take a row of the screen for good. */}
      {user && (
        <Suspense fallback={null}>
          <VerifyEmailBanner user={user} />
        </Suspense>
      )}
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      {/* The floating cart button (bottom 16 px + 56 px, 24 + 56 from sm) must never cover the page's last content:
          while it shows, the footer reserves its height and a margin below its last line. */}
      <Footer className={cn(user && 'pb-[5.5rem] sm:pb-24')} />
      {/* The floating cart exists for signed-in users only: only they have a cart. It would cover the end of the
          open phone menu (the cart is in the top bar anyway), so it steps aside meanwhile, keeping its state. */}
      {user && (
        <div className={cn('contents', panel === 'menu' && 'max-md:hidden')}>
          <Suspense fallback={null}>
            <CartWidget loadCheckout={loadCheckout} onOrderPlaced={refreshCatalogue} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
