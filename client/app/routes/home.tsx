import {
  BookOpen,
  Briefcase,
  ChevronRight,
  FileSearch,
  Gauge,
  Globe,
  Settings,
  ShieldCheck,
  ShieldOff,
  Store,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import type { User } from '@contract/auth';
import { DIRECTOR_TIER, TIER_MAX, tierLabel, tierName } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { isNewAccount } from '@/features/auth/utils/new-account';

interface Shortcut {
  title: string;
  description: string;
  href: string;
  icon: LucideIcon;
}

const shortcuts: readonly Shortcut[] = [
  {
    title: 'Mission Control',
    description: 'Your dashboard: activity, orders and account status.',
    href: paths.dashboard.getHref(),
    icon: Gauge,
  },
  {
    title: 'Digital Services',
    description: 'Threat briefs, OSINT reports, reputation and risk monitoring.',
    href: paths.digital.getHref(),
    icon: Globe,
  },
  {
    title: 'Marketplace',
    description: 'Surveillance, protection and secure communications equipment.',
    href: paths.marketplace.getHref(),
    icon: Store,
  },
  {
    title: 'Investigations',
    description: 'Request and follow licensed investigation services.',
    href: paths.investigations.getHref(),
    icon: FileSearch,
  },
  {
    title: 'Cases',
    description: 'Open a case and follow its updates.',
    href: paths.cases.getHref(),
    icon: Briefcase,
  },
  {
    title: 'Intel Blog',
    description: 'Analysis and tradecraft from our team.',
    href: paths.blog.getHref(),
    icon: BookOpen,
  },
];

function displayName(user: User): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}

/** The signed-in home page: who you are, your clearance, and the ways in. */
export function Home({ user }: { user: User }) {
  const name = displayName(user);
  // Directors are the firm's staff, not its clients: greet them as such.
  const staff = user.tier >= DIRECTOR_TIER;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <section
        aria-labelledby="welcome-heading"
        className="flex flex-col gap-6 border-b pb-8 md:flex-row md:items-end md:justify-between"
      >
        <div className="min-w-0 space-y-2">
          <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">
            {staff ? 'Staff session' : 'Secure session'}
          </p>
          <h1 id="welcome-heading" className="text-3xl font-bold tracking-tight break-words">
            {isNewAccount(user.id) ? 'Welcome' : 'Welcome back'}, {name}
          </h1>
          {name !== user.email && <p className="text-sm text-muted-foreground">{user.email}</p>}
          <p className="text-sm text-muted-foreground">
            {staff ? 'Staff: Director of the firm' : `Client since ${formatDate(user.createdAt)}`}
          </p>
        </div>
        <dl className="flex flex-wrap gap-3">
          <div className="rounded-md border bg-card px-4 py-3">
            <dt className="font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">
              Clearance
            </dt>
            <dd className="mt-1 flex items-center gap-2">
              <Badge>{tierLabel(user.effectiveTier)}</Badge>
              <span className="text-sm font-medium">{tierName(user.effectiveTier)}</span>
            </dd>
          </div>
          <div className="rounded-md border bg-card px-4 py-3">
            <dt className="font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">
              Two-factor
            </dt>
            <dd className="mt-1 flex items-center gap-2 text-sm font-medium">
              {user.mfaEnabled ? (
                <>
                  <ShieldCheck aria-hidden="true" className="size-4 text-primary" /> Active
                </>
              ) : (
                <>
                  <ShieldOff aria-hidden="true" className="size-4 text-warning" />
                  <Link
                    href={paths.settings.getHref()}
                    className="text-warning underline underline-offset-4 hover:text-warning/80"
                  >
                    Not enabled
                  </Link>
                </>
              )}
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="shortcuts-heading" className="py-8">
        <h2
          id="shortcuts-heading"
          className="mb-4 font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase"
        >
          Operations
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shortcuts.map(({ title, description, href, icon: Icon }) => (
            <li key={href}>
              <Link href={href} className="group block h-full rounded-lg focus-visible:outline-offset-4">
                <Card className="h-full transition-colors group-hover:border-primary/60">
                  <CardHeader>
                    <div className="flex items-center justify-between">
                      <Icon aria-hidden="true" className="size-6 text-primary" />
                      <ChevronRight
                        aria-hidden="true"
                        className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                      />
                    </div>
                    <CardTitle className="mt-2 text-base">{title}</CardTitle>
                    <CardDescription>{description}</CardDescription>
                  </CardHeader>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="flex flex-col gap-3 rounded-lg border bg-card p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <Settings aria-hidden="true" className="mt-0.5 size-5 text-muted-foreground" />
          <div>
            <p className="font-medium">
              {user.tier < TIER_MAX ? 'Need wider access?' : 'Account and security'}
            </p>
            <p className="text-sm text-muted-foreground">
              {user.tier < TIER_MAX
                ? 'Higher clearance tiers open more services, equipment and intelligence.'
                : 'Manage two-factor authentication, your profile and analytics.'}
            </p>
          </div>
        </div>
        <Button asChild variant="outline">
          <Link href={user.tier < TIER_MAX ? paths.payments.getHref() : paths.settings.getHref()}>
            {user.tier < TIER_MAX ? 'View clearance tiers' : 'Open settings'}
          </Link>
        </Button>
      </section>
    </div>
  );
}
