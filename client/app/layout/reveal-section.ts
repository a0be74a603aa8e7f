import { useQueryClient, type QueryClient } from '@tanstack/react-query';

/** How long a page may take to show the section (a lazy page, then the data it and what is above it wait for). */
const GIVE_UP_MS = 15_000;
/** After the scroll, how long the section is kept in place if what is above it still changes size. */
const HOLD_MS = 2_000;
const POLL_MS = 100;
/** Polls the heading must stay put for, with no request of the page's under way: what is above it has loaded. */
const STILL_POLLS = 3;
/** Room left above the section, below the sticky header. */
const GAP_PX = 16;
/** What the person does to scroll or move on by themselves: from then on the page is theirs. */
const TAKE_OVER_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

let stopPending: (() => void) | undefined;

/**
 * After a menu link to a section of a page (`/vendor#vendor-review-queue-heading`), scrolls that section's heading
 * to just below the sticky header once the page shows it. The page may load lazily and the section may move while
 * what is above it loads, so this waits until no request of the page is under way and the heading has stayed put
 * for a few polls; for a moment after the scroll it scrolls again if late content above still moves the heading (a
 * busy phone). Scrolling, a key or a tap by the person ends it, as do a link without a hash and a newer call.
 */
export function revealSection(href: string, queries: Pick<QueryClient, 'isFetching'>): void {
  stopPending?.();
  const id = href.split('#')[1];
  if (!id) return;
  const giveUpAt = Date.now() + GIVE_UP_MS;
  /** Set once it has scrolled: to where, and until when a shift of the heading is followed. */
  let scrolled: { top: number; holdUntil: number } | null = null;
  let lastTop: number | null = null;
  let still = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    clearTimeout(timer);
    for (const event of TAKE_OVER_EVENTS) window.removeEventListener(event, stop, true);
    if (stopPending === stop) stopPending = undefined;
  };
  const scrollTo = (top: number, smooth: boolean) => {
    const header = document.querySelector<HTMLElement>('[data-slot="app-header"]');
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({
      top: Math.max(0, top - (header?.offsetHeight ?? 0) - GAP_PX),
      behavior: smooth && !reduceMotion ? 'smooth' : 'auto',
    });
    scrolled = { top, holdUntil: scrolled?.holdUntil ?? Date.now() + HOLD_MS };
  };
  const poll = () => {
    const target = document.getElementById(decodeURIComponent(id));
    // Where the heading is in the page, not on the screen: a smooth scroll under way does not move it.
    const top = target ? target.getBoundingClientRect().top + window.scrollY : null;
    if (scrolled) {
      // More than a pixel: rounding while a smooth scroll is under way is no move.
      if (top !== null && Math.abs(top - scrolled.top) > 1) scrollTo(top, false);
      if (Date.now() < scrolled.holdUntil) timer = setTimeout(poll, POLL_MS);
      else stop();
      return;
    }
    still = top !== null && top === lastTop && queries.isFetching() === 0 ? still + 1 : 0;
    lastTop = top;
    const giveUp = Date.now() >= giveUpAt;
    if (top !== null && (still >= STILL_POLLS || giveUp)) {
      scrollTo(top, true);
    } else if (giveUp) {
      return stop();
    }
    timer = setTimeout(poll, POLL_MS);
  };

  stopPending = stop;
  for (const event of TAKE_OVER_EVENTS)
    window.addEventListener(event, stop, { capture: true, passive: true });
  timer = setTimeout(poll, 0);
}

/** `revealSection` for the menus, waiting on the app's own queries. */
export function useRevealSection(): (href: string) => void {
  const queries = useQueryClient();
  return (href) => revealSection(href, queries);
}
