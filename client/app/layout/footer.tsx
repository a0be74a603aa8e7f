import { Crosshair } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { APP_NAME, APP_TAGLINE } from '@/lib/constants';

const linkClass = 'text-muted-foreground transition-colors hover:text-foreground';

/** Legal links (no pages yet, so '#'), Services, Support and the copyright line. */
export function Footer() {
  return (
    <footer className="border-t bg-surface">
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
            <li>
              <Link href={paths.digital.getHref()} className={linkClass}>
                Services
              </Link>
            </li>
            <li>
              <Link href={paths.dashboard.getHref()} className={linkClass}>
                Support
              </Link>
            </li>
            <li>
              <a href="#" className={linkClass}>
                Privacy Policy
              </a>
            </li>
            <li>
              <a href="#" className={linkClass}>
                Terms of Service
              </a>
            </li>
            <li>
              <a href="#" className={linkClass}>
                Security
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-4 font-mono text-xs text-muted-foreground sm:px-6">
          © 2024 {APP_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
