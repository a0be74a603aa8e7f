import { useCallback, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Footer } from '@/app/layout/footer';
import { MobileMenu } from '@/app/layout/mobile-menu';
import { NavBar } from '@/app/layout/nav-bar';
import { TopBar } from '@/app/layout/top-bar';
import { loadCheckout } from '@/app/load-checkout';
import { usePageViewReporting } from '@/features/analytics/hooks/use-page-view-reporting';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { CartWidget } from '@/features/cart/components/cart-widget';
import { useUser } from '@/lib/auth';

export function AppLayout({ children }: { children: ReactNode }) {
  const { data: user = null } = useUser();
  // Route changes go to the analytics API in batches (the page views Directors read); never visible.
  usePageViewReporting();
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const closeMobileMenu = useCallback(() => setMobileMenuOpen(false), []);
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
      <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
        <TopBar
          user={user}
          mobileMenuOpen={mobileMenuOpen}
          onToggleMobileMenu={() => setMobileMenuOpen((open) => !open)}
        />
        <NavBar signedIn={Boolean(user)} />
        {mobileMenuOpen && <MobileMenu signedIn={Boolean(user)} onClose={closeMobileMenu} />}
      </header>
      {/* Not in the sticky header: on a phone it would take a row of the screen for good. */}
      {user && <VerifyEmailBanner user={user} />}
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <Footer />
      {/* The floating cart exists for signed-in users only: only they have a cart. */}
      {user && <CartWidget loadCheckout={loadCheckout} onOrderPlaced={refreshCatalogue} />}
    </div>
  );
}
