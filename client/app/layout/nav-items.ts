import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  href: string;
}

export function item(route: { label: string; getHref: () => string }): NavItem {
  return { label: route.label, href: route.getHref() };
}

/** Links everyone sees, in order. */
export const publicNavItems: readonly NavItem[] = [
  item(paths.home),
  item(paths.digital),
  item(paths.marketplace),
  item(paths.investigations),
  item(paths.blog),
  item(paths.team),
];

/** Added for signed-in users. */
export const memberNavItems: readonly NavItem[] = [
  item(paths.dashboard),
  item(paths.vendor),
  item(paths.settings),
];

/** A link is active on its own path and below it ('/' only on the home page itself). */
export function isActivePath(location: string, href: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}
