import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { isActivePath } from '@/app/layout/nav-items';
import { cn } from '@/lib/utils';

interface NavLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
  activeClassName?: string;
  onClick?: () => void;
}

/** A client-side link that marks itself as the current page (style and `aria-current`). */
export function NavLink({ href, children, className, activeClassName, onClick }: NavLinkProps) {
  const [location] = useLocation();
  const active = isActivePath(location, href);
  return (
    <Link
      href={href}
      onClick={onClick}
      aria-current={active ? 'page' : undefined}
      data-active={active || undefined}
      className={cn(className, active && activeClassName)}
    >
      {children}
    </Link>
  );
}
