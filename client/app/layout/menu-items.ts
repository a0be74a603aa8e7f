import { DIRECTOR_TIER } from '@contract/tiers';
import { item, publicNavItems, type NavItem } from '@/app/layout/nav-items';
import { paths, type SettingsTab } from '@/config/paths';

// What the account menu and the phone menu list; both load after the first page, and this with them (issue 19).

/** The mobile menu's first list, the spec's (the login or logout control is added by the menu). */
export function mobileNavItems(signedIn: boolean): readonly NavItem[] {
  return [
    item(paths.home),
    item(paths.digital),
    item(paths.marketplace),
    ...(signedIn ? [item(paths.dashboard)] : []),
  ];
}

/**
 * What the mobile menu adds below the spec's list: the rest of the public links and, signed out, the secure
 * channel (a public form, otherwise linked only from the landing page). Signed-in users find it, Vendor and
 * Settings with the account menu's screens that follow.
 */
export function mobileMoreItems(signedIn: boolean): readonly NavItem[] {
  const shown = new Set(mobileNavItems(signedIn).map((entry) => entry.href));
  return [...publicNavItems, ...(signedIn ? [] : [item(paths.secureChannel)])].filter(
    (entry) => !shown.has(entry.href),
  );
}

/** The icons are the desktop menu's (loaded with it, after the page); the phone menu lists the names only. */
export type MenuIcon =
  | 'dashboard'
  | 'cases'
  | 'investigations'
  | 'payments'
  | 'orders'
  | 'order-queue'
  | 'vendor'
  | 'mobile'
  | 'ai'
  | 'secure-channel'
  | 'audit'
  | 'organization'
  | 'security'
  | 'profile'
  | 'analytics'
  | 'preferences'
  | 'privacy';

export interface MenuEntry extends NavItem {
  icon: MenuIcon;
}

export interface MenuSection {
  title: string;
  entries: readonly MenuEntry[];
}

/** The id of the heading of the investigations page's own list ('My Investigation Requests'). */
const MY_INVESTIGATIONS = 'my-investigations-heading';

/**
 * The account menu (a button in the top bar; a part of the mobile menu on phones): every signed-in screen, by
 * section, for a user of this tier. The Directors' review queues, with their counts, come from the review
 * feature. A link to a section of a page carries the section heading's id as its hash.
 */
export function accountMenuSections(tier: number): readonly MenuSection[] {
  const director = tier >= DIRECTOR_TIER;
  const settings = (label: string, icon: MenuIcon, tab?: SettingsTab): MenuEntry => ({
    label,
    href: paths.settings.getHref(tab),
    icon,
  });
  return [
    {
      title: 'Workspace',
      entries: [
        { ...item(paths.dashboard), icon: 'dashboard' },
        { ...item(paths.cases), icon: 'cases' },
        {
          label: 'My investigation requests',
          href: `${paths.investigations.getHref()}#${MY_INVESTIGATIONS}`,
          icon: 'investigations',
        },
        { ...item(paths.orders), icon: 'orders' },
        ...(director ? [{ ...item(paths.orderQueue), icon: 'order-queue' as const }] : []),
        { ...item(paths.payments), icon: 'payments' },
        { ...item(paths.organization), icon: 'organization' },
        { label: 'Vendor portal', href: paths.vendor.getHref(), icon: 'vendor' },
        { ...item(paths.mobile), icon: 'mobile' },
        { ...item(paths.ai), icon: 'ai' },
        { label: 'Secure channel request', href: paths.secureChannel.getHref(), icon: 'secure-channel' },
        ...(director ? [{ ...item(paths.audit), icon: 'audit' as const }] : []),
      ],
    },
    {
      title: 'Settings',
      entries: [
        // The first tab is the page's default: its link is the page's own address.
        settings('Security', 'security'),
        settings('Profile', 'profile', 'profile'),
        ...(director ? [settings('Analytics', 'analytics', 'analytics')] : []),
        settings('Preferences', 'preferences', 'preferences'),
        settings('Privacy', 'privacy', 'privacy'),
      ],
    },
  ];
}

/**
 * Whether an account menu entry is the page shown: the path and the query (a tab) both match; the hash of a
 * section link does not count. A page's first tab is its address without a query.
 */
export function isCurrentEntry(location: string, search: string, href: string): boolean {
  const [target = '', targetSearch = ''] = href.split('#')[0]!.split('?');
  return target === location && new URLSearchParams(targetSearch).toString() === tabQuery(search);
}

/** Just the `tab` of a query, the part of it that names a screen. */
function tabQuery(search: string): string {
  const tab = new URLSearchParams(search).get('tab');
  return tab ? new URLSearchParams({ tab }).toString() : '';
}
