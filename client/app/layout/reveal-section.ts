/** How long a page may take to show the section (a lazy page, then the data its section waits for). */
const GIVE_UP_MS = 8000;
const POLL_MS = 100;
/** Polls the heading must stay put for: what is above it has loaded. */
const STILL_POLLS = 3;
/** Room left above the section, below the sticky header. */
const GAP_PX = 16;

let pending: ReturnType<typeof setTimeout> | undefined;

/**
 * After a menu link to a section of a page (`/vendor#vendor-review-queue-heading`), scrolls that section's heading
 * to just below the sticky header once the page shows it. The page may load lazily and the section may move while
 * what is above it loads, so this waits until the heading has stayed put for a few polls. A link without a hash, or a
 * newer call, ends the wait.
 */
export function revealSection(href: string): void {
  clearTimeout(pending);
  const id = href.split('#')[1];
  if (!id) return;
  const deadline = Date.now() + GIVE_UP_MS;
  let lastTop: number | null = null;
  let still = 0;
  const poll = () => {
    const target = document.getElementById(decodeURIComponent(id));
    const top = target ? target.getBoundingClientRect().top + window.scrollY : null;
    still = top !== null && top === lastTop ? still + 1 : 0;
    if (target && top !== null && still >= STILL_POLLS) {
      const header = document.querySelector<HTMLElement>('[data-slot="app-header"]');
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({
        top: Math.max(0, top - (header?.offsetHeight ?? 0) - GAP_PX),
        behavior: reduceMotion ? 'auto' : 'smooth',
      });
      return;
    }
    lastTop = top;
    if (Date.now() < deadline) pending = setTimeout(poll, POLL_MS);
  };
  pending = setTimeout(poll, 0);
}
