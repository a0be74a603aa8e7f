import { useEffect } from 'react';
import { LogIn, LogOut } from 'lucide-react';
import { mobileNavItems } from '@/app/layout/nav-items';
import { NavLink } from '@/app/layout/nav-link';
import { Button } from '@/components/ui/button';
import { LOGIN_URL, LOGOUT_URL } from '@/lib/constants';

interface MobileMenuProps {
  signedIn: boolean;
  onClose: () => void;
}

/** The small-screen menu: Home, Digital Services, Marketplace, Dashboard when signed in, login or logout. */
export function MobileMenu({ signedIn, onClose }: MobileMenuProps) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <nav id="mobile-menu" aria-label="Mobile" className="border-t bg-surface md:hidden">
      <ul className="flex flex-col px-4 py-2">
        {mobileNavItems(signedIn).map((entry) => (
          <li key={entry.href}>
            <NavLink
              href={entry.href}
              onClick={onClose}
              className="flex h-11 items-center rounded-md px-3 font-mono text-sm tracking-wider text-muted-foreground uppercase hover:bg-accent hover:text-foreground"
              activeClassName="bg-accent text-primary"
            >
              {entry.label}
            </NavLink>
          </li>
        ))}
        <li className="mt-2 border-t pt-3 pb-1">
          {signedIn ? (
            <Button asChild variant="outline" className="w-full">
              <a href={LOGOUT_URL}>
                <LogOut aria-hidden="true" />
                Logout
              </a>
            </Button>
          ) : (
            <Button asChild className="w-full">
              <a href={LOGIN_URL}>
                <LogIn aria-hidden="true" />
                Request Access
              </a>
            </Button>
          )}
        </li>
      </ul>
    </nav>
  );
}
