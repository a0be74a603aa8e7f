import { memberNavItems, publicNavItems } from '@/app/layout/nav-items';
import { NavLink } from '@/app/layout/nav-link';

/** The desktop link row; small screens use the mobile menu instead. */
export function NavBar({ signedIn }: { signedIn: boolean }) {
  const items = signedIn ? [...publicNavItems, ...memberNavItems] : publicNavItems;
  return (
    <nav aria-label="Main" className="hidden border-t md:block">
      <ul className="mx-auto flex h-11 max-w-7xl items-center gap-1 overflow-x-auto px-4 sm:px-6">
        {items.map((entry) => (
          <li key={entry.href}>
            <NavLink
              href={entry.href}
              className="relative inline-flex h-11 items-center px-3 font-mono text-xs tracking-wider whitespace-nowrap text-muted-foreground uppercase transition-colors hover:text-foreground"
              activeClassName="text-primary after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:bg-primary hover:text-primary"
            >
              {entry.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
