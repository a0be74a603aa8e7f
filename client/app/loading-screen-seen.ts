import { clientRouteName, SENT_LINK_ROUTES } from '@contract/routes';
import { LOADING_SCREEN_SEEN_KEY } from '@/lib/constants';

// Whether the loading screen of spec 2.2 has played in this tab: read by the screen and by main.tsx.

function hasSeenLoadingScreen(): boolean {
  try {
    return window.sessionStorage.getItem(LOADING_SCREEN_SEEN_KEY) === '1';
  } catch {
    return false; // Storage blocked: show the screen, it is skippable.
  }
}

export function rememberLoadingScreenSeen(): void {
  try {
    window.sessionStorage.setItem(LOADING_SCREEN_SEEN_KEY, '1');
  } catch {
    // Storage blocked: the screen shows again on the next load, which is harmless.
  }
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** A page opened from a link someone was sent (SENT_LINK_ROUTES): the visitor came to do one thing there. */
export function isSentLinkPage(): boolean {
  const name = clientRouteName(window.location.pathname);
  return name !== undefined && SENT_LINK_ROUTES.has(name);
}

/**
 * Whether this load starts with the loading screen: the first load of a browser session (once per tab), unless the
 * visitor asks for reduced motion or opened a sent link's page (setup, password reset,
 * address verification), which shows at once (LoadingGate then counts the tab's first load as done: it does not play
 * on a later load either). main.tsx reads it too: the screen covers the page, so it need not wait for the page's code.
 */
export function willShowLoadingScreen(): boolean {
  return !hasSeenLoadingScreen() && !prefersReducedMotion() && !isSentLinkPage();
}
