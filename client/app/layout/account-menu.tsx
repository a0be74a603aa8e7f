import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  BarChart3,
  Building2,
  Bot,
  Briefcase,
  ChevronDown,
  ClipboardCheck,
  CreditCard,
  FileSearch,
  LayoutDashboard,
  LockKeyhole,
  Radio,
  ScrollText,
  ShieldCheck,
  SlidersHorizontal,
  Smartphone,
  Store,
  UserRound,
  type LucideIcon,
  Package,
  Truck,
} from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import type { User } from '@contract/auth';
import type { ReviewCounts } from '@contract/review';
import { DIRECTOR_TIER, tierLabel, tierName } from '@contract/tiers';
import { accountMenuSections, isCurrentEntry, type MenuIcon } from '@/app/layout/menu-items';
import { useRevealSection } from '@/app/layout/reveal-section';
import { ReviewCount } from '@/app/layout/review-count';
import { Button } from '@/components/ui/button';
import { CountBadge } from '@/components/ui/count-badge';
import { REVIEW_QUEUE_LINKS, reviewTotal, waitingLabel } from '@/features/review/utils/review-queues';
import { cn } from '@/lib/utils';

const ICONS: Record<MenuIcon, LucideIcon> = {
  dashboard: LayoutDashboard,
  cases: Briefcase,
  investigations: FileSearch,
  payments: CreditCard,
  orders: Package,
  'order-queue': Truck,
  vendor: Store,
  mobile: Smartphone,
  ai: Bot,
  'secure-channel': Radio,
  audit: ScrollText,
  organization: Building2,
  security: ShieldCheck,
  profile: UserRound,
  analytics: BarChart3,
  preferences: SlidersHorizontal,
  privacy: LockKeyhole,
};

interface AccountMenuProps {
  user: User;
  /** A Director's review counts: undefined while they load (or for everyone else). */
  reviewCounts: ReviewCounts | undefined;
  /** Reads the counts again: the menu opening is when they are looked at. */
  onOpen: () => void;
}

/** The account button's name, with how much waits for a Director's review. */
function accountMenuLabel(reviewCounts: ReviewCounts | undefined): string {
  const total = reviewCounts ? reviewTotal(reviewCounts) : 0;
  return total > 0 ? `Account menu, ${total} waiting for review` : 'Account menu';
}

const linkClass =
  'flex min-h-8 items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:shrink-0';

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p
      id={id}
      className="flex items-center gap-1.5 px-2 pt-2 pb-1 font-mono text-[0.65rem] tracking-[0.2em] text-muted-foreground uppercase"
    >
      {children}
    </p>
  );
}

/**
 * The desktop account menu, a disclosure: the button shows or hides a panel of links to every signed-in screen by
 * section and, for Directors, the review queues with how much waits in each. Tab walks through the links, the
 * arrow keys too; Escape, a click elsewhere or a followed link closes it. On phones the same entries are part of
 * the mobile menu.
 */
export function AccountMenu({ user, reviewCounts, onOpen }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const [location] = useLocation();
  const search = useSearch();
  const director = user.tier >= DIRECTOR_TIER;
  const total = reviewCounts ? reviewTotal(reviewCounts) : 0;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const links = () => [...(containerRef.current?.querySelectorAll<HTMLElement>('[data-menu-link]') ?? [])];
  const moveFocus = (step: 1 | -1 | 'first' | 'last') => {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const next =
      step === 'first' ? 0 : step === 'last' ? all.length - 1 : (index + step + all.length) % all.length;
    all[index === -1 && step === -1 ? all.length - 1 : next]?.focus();
  };
  const show = () => {
    if (!open) onOpen();
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) show();
      // The panel exists after this render; move there once it does.
      requestAnimationFrame(() => moveFocus(event.key === 'ArrowDown' ? 1 : -1));
    } else if (open && (event.key === 'Home' || event.key === 'End')) {
      event.preventDefault();
      moveFocus(event.key === 'Home' ? 'first' : 'last');
    }
  };
  const revealSection = useRevealSection();
  const follow = (href: string) => {
    close(false);
    revealSection(href);
  };

  return (
    <div
      ref={containerRef}
      className="relative hidden md:block"
      onKeyDown={onKeyDown}
      // Tabbing out of the panel closes it, as a click elsewhere does.
      onBlur={(event) => {
        if (event.relatedTarget && !containerRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        className="relative gap-1 px-2"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={accountMenuLabel(reviewCounts)}
        title="Account"
        onClick={() => (open ? close(false) : show())}
      >
        <UserRound aria-hidden="true" />
        <ChevronDown
          aria-hidden="true"
          className={cn('size-3.5 text-muted-foreground transition-transform', open && 'rotate-180')}
        />
        {total > 0 && (
          <CountBadge data-testid="review-total" className="-top-1.5 -right-1.5">
            {total > 99 ? '99+' : total}
          </CountBadge>
        )}
      </Button>
      {open && (
        <nav
          id={panelId}
          aria-label="Account"
          className={cn(
            'absolute top-full right-0 z-50 mt-1.5 max-h-[calc(100dvh-4.5rem)] overflow-y-auto overscroll-contain rounded-md border bg-popover p-1 text-popover-foreground shadow-2xl shadow-black/60',
            director ? 'w-[38rem]' : 'w-72',
          )}
        >
          <div className="border-b px-2 pt-1.5 pb-2.5">
            {/* A long address is cut short here; its title shows it whole. */}
            <p className="truncate text-sm font-medium" title={name || user.email}>
              {name || user.email}
            </p>
            {name && (
              <p className="truncate text-xs text-muted-foreground" title={user.email}>
                {user.email}
              </p>
            )}
            <p className="mt-1 font-mono text-[0.65rem] tracking-wider text-primary">
              {tierLabel(user.effectiveTier)} · {tierName(user.effectiveTier).toUpperCase()}
            </p>
          </div>
          <div className={cn(director && 'grid grid-cols-2 gap-x-1')}>
            <div>
              {accountMenuSections(user.tier).map((section, index) => {
                const titleId = `${panelId}-${section.title.toLowerCase()}`;
                return (
                  <div key={section.title} className={cn(index > 0 && 'mt-1 border-t pt-1')}>
                    <SectionTitle id={titleId}>{section.title}</SectionTitle>
                    <ul aria-labelledby={titleId}>
                      {section.entries.map((entry) => {
                        const current = isCurrentEntry(location, search, entry.href);
                        const Icon = ICONS[entry.icon];
                        return (
                          <li key={entry.href}>
                            <Link
                              href={entry.href}
                              data-menu-link=""
                              onClick={() => follow(entry.href)}
                              aria-current={current ? 'page' : undefined}
                              className={cn(
                                linkClass,
                                '[&_svg]:text-muted-foreground',
                                current && 'text-primary [&_svg]:text-primary',
                              )}
                            >
                              <Icon aria-hidden="true" />
                              {entry.label}
                            </Link>
                          </li>
                        );
                      })}
                    </ul>
                  </div>
                );
              })}
            </div>
            {director && (
              <div className="border-l pl-1">
                <SectionTitle id={`${panelId}-review`}>
                  <ClipboardCheck aria-hidden="true" className="size-3.5" />
                  Review
                </SectionTitle>
                <ul aria-labelledby={`${panelId}-review`}>
                  {REVIEW_QUEUE_LINKS.map((queue) => {
                    const count = reviewCounts?.[queue.queue];
                    return (
                      <li key={queue.queue}>
                        <Link
                          href={queue.href}
                          data-menu-link=""
                          data-testid={`review-${queue.queue}`}
                          onClick={() => follow(queue.href)}
                          aria-label={
                            count === undefined ? queue.label : `${queue.label}, ${waitingLabel(count)}`
                          }
                          className={cn(linkClass, 'justify-between')}
                        >
                          {queue.label}
                          <ReviewCount count={count} />
                        </Link>
                      </li>
                    );
                  })}
                </ul>
                <p className="px-2 pt-2 text-xs text-muted-foreground">
                  {reviewCounts === undefined
                    ? 'Counting what waits...'
                    : total === 0
                      ? 'Nothing waits for review.'
                      : `${total} waiting in all.`}
                </p>
              </div>
            )}
          </div>
        </nav>
      )}
    </div>
  );
}
