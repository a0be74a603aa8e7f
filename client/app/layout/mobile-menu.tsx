import { useEffect } from 'react';
import { LogIn, LogOut } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import type { User } from '@contract/auth';
import type { ReviewCounts } from '@contract/review';
import { DIRECTOR_TIER } from '@contract/tiers';
import { ReviewCount } from '@/app/layout/review-count';
import { useSignInHref } from '@/app/layout/use-sign-in-href';
import {
  accountMenuSections,
  isCurrentEntry,
  mobileMoreItems,
  mobileNavItems,
  type MenuEntry,
} from '@/app/layout/menu-items';
import { NavLink } from '@/app/layout/nav-link';
import { useRevealSection } from '@/app/layout/reveal-section';
import { Button } from '@/components/ui/button';
import { REVIEW_QUEUE_LINKS, waitingLabel } from '@/features/review/utils/review-queues';
import { LOGIN_URL, LOGOUT_URL } from '@/lib/constants';
import { cn } from '@/lib/utils';

interface MobileMenuProps {
  user: User | null;
  /** A Director's review counts: undefined while they load (or for everyone else). */
  reviewCounts: ReviewCounts | undefined;
  onClose: () => void;
}

const rowClass =
  'flex h-11 items-center rounded-md px-3 font-mono text-sm tracking-wider text-muted-foreground uppercase hover:bg-accent hover:text-foreground';
const entryClass =
  'flex min-h-10 items-center gap-2 rounded-md px-3 py-2 text-sm text-muted-foreground hover:bg-accent hover:text-foreground';

/** Not a heading: the menu sits above the page's h1 and must not come first in its outline. */
function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <p
      id={id}
      className="flex items-center gap-1.5 px-3 pt-3 pb-1 font-mono text-[0.65rem] tracking-[0.2em] text-muted-foreground uppercase"
    >
      {children}
    </p>
  );
}

/**
 * The small-screen menu. First the spec's list (Home, Digital Services, Marketplace, Dashboard when signed in),
 * then the rest of the desktop links and, signed in, the account menu's screens and a Director's review queues
 * with their counts; the login or logout button last. It scrolls within the screen when it is longer.
 */
export function MobileMenu({ user, reviewCounts, onClose }: MobileMenuProps) {
  const [location] = useLocation();
  const search = useSearch();
  const signedIn = Boolean(user);
  const signInHref = useSignInHref();
  const first = mobileNavItems(signedIn);
  const inFirst = new Set(first.map((entry) => entry.href));
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  const revealSection = useRevealSection();
  const follow = (href: string) => {
    onClose();
    revealSection(href);
  };
  const entryLink = (entry: MenuEntry) => {
    const current = isCurrentEntry(location, search, entry.href);
    return (
      <li key={entry.href}>
        <Link
          href={entry.href}
          onClick={() => follow(entry.href)}
          aria-current={current ? 'page' : undefined}
          className={cn(entryClass, current && 'bg-accent text-primary')}
        >
          {entry.label}
        </Link>
      </li>
    );
  };

  return (
    <nav
      id="mobile-menu"
      aria-label="Mobile"
      // Below the 3.5rem top bar, never taller than the rest of the screen.
      className="max-h-[calc(100dvh-3.5rem)] overflow-y-auto overscroll-contain border-t bg-surface md:hidden"
    >
      <ul className="flex flex-col px-4 py-2">
        {first.map((entry) => (
          <li key={entry.href}>
            <NavLink
              href={entry.href}
              onClick={onClose}
              className={rowClass}
              activeClassName="bg-accent text-primary"
            >
              {entry.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="border-t px-4 pb-2">
        <SectionTitle id="mobile-menu-more">More</SectionTitle>
        <ul aria-labelledby="mobile-menu-more" className="grid grid-cols-2 gap-x-2">
          {mobileMoreItems(signedIn).map((entry) => (
            <li key={entry.href}>
              <NavLink
                href={entry.href}
                onClick={onClose}
                className={entryClass}
                activeClassName="bg-accent text-primary"
              >
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
      {user && (
        <>
          {user.tier >= DIRECTOR_TIER && (
            <div className="border-t px-4 pb-2">
              <SectionTitle id="mobile-menu-review">Review</SectionTitle>
              <ul aria-labelledby="mobile-menu-review" className="grid gap-0.5">
                {REVIEW_QUEUE_LINKS.map((queue) => {
                  const count = reviewCounts?.[queue.queue];
                  return (
                    <li key={queue.queue}>
                      <Link
                        href={queue.href}
                        onClick={() => follow(queue.href)}
                        data-testid={`review-${queue.queue}`}
                        aria-label={
                          count === undefined ? queue.label : `${queue.label}, ${waitingLabel(count)}`
                        }
                        className={cn(entryClass, 'justify-between')}
                      >
                        {queue.label}
                        <ReviewCount count={count} />
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
          {accountMenuSections(user.tier).map((section) => {
            const id = `mobile-menu-${section.title.toLowerCase()}`;
            return (
              <div key={section.title} className="border-t px-4 pb-2">
                <SectionTitle id={id}>{section.title}</SectionTitle>
                <ul aria-labelledby={id} className="grid grid-cols-2 gap-x-2">
                  {section.entries.filter((entry) => !inFirst.has(entry.href)).map(entryLink)}
                </ul>
              </div>
            );
          })}
        </>
      )}
      <div className="border-t px-4 pt-3 pb-3">
        {signedIn ? (
          <Button asChild variant="outline" className="w-full">
            <a href={LOGOUT_URL}>
              <LogOut aria-hidden="true" />
              Logout
            </a>
          </Button>
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <Button asChild variant="outline" className="w-full">
              <Link href={signInHref}>
                <LogIn aria-hidden="true" />
                Sign in
              </Link>
            </Button>
            <Button asChild className="w-full">
              <a href={LOGIN_URL}>Request Access</a>
            </Button>
          </div>
        )}
      </div>
    </nav>
  );
}
