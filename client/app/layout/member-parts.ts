import { lazyNamed } from '@/lib/lazy-named';

// Parts for signed-in members only: a signed-out visitor's first page does not load them (issue 19).
export const VerifyEmailBanner = lazyNamed(
  () => import('@/features/auth/components/verify-email-banner'),
  'VerifyEmailBanner',
);
export const CartWidget = lazyNamed(() => import('@/features/cart/components/cart-widget'), 'CartWidget');

/**
 * Loads the members' parts that take room above the page (the e-mail banner), for main.tsx to wait for before the
 * first render in a browser that may be signed in. Loaded when the layout first drew them, they arrived about 250 ms
 * after the page and pushed it 49 px down, under a pointer about to click (a click on New Case missed so).
 */
export const preloadMemberLayout = (): Promise<unknown> => VerifyEmailBanner.preload();
