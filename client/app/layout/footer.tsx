import { Crosshair } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { APP_NAME, APP_TAGLINE } from '@/lib/constants';
import { cn } from '@/lib/utils';

const linkClass = 'text-muted-foreground transition-colors hover:text-foreground';

/**
 * Services, Support, the Privacy Policy, Terms of Service and Security pages, and the copyright line with the
 * current year. Support is the dashboard, which is for members: a signed-out visitor is asked to sign in first and
 * then lands there (the dashboard's address would be a 404 for them).
 */
export function Footer({ className }: { className?: string }) {
  const { data: user } = useUser();
  const support = user ? paths.dashboard.getHref() : paths.login.getHref(paths.dashboard.getHref());
  const links = [
    { href: paths.digital.getHref(), label: 'Services' },
    { href: support, label: 'Support' },
    { href: paths.privacy.getHref(), label: paths.privacy.label },
    { href: paths.terms.getHref(), label: paths.terms.label },
    { href: paths.security.getHref(), label: paths.security.label },
  ];
  return (
    <footer className={cn('border-t bg-surface', className)}>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-2">
          <Crosshair aria-hidden="true" className="size-5 text-primary" />
          <div>
            <p className="font-mono text-xs font-bold tracking-[0.25em] uppercase">{APP_NAME}</p>
            <p className="text-xs text-muted-foreground">{APP_TAGLINE}</p>
          </div>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {links.map((link) => (
              <li key={link.label}>
                <Link href={link.href} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-4 font-mono text-xs text-muted-foreground sm:px-6">
          © {new Date().getFullYear()} {APP_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
