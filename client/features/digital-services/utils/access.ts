import { DEFAULT_TIER } from '@contract/tiers';
import type { User } from '@contract/auth';
import { paths } from '@/config/paths';
import { LOGIN_URL } from '@/lib/constants';

/**
 * The tier the suite is shown for. A signed-out visitor is shown what a new account gets (tier 1, the default
 * every sign-up receives): tier-1 services are open to look at, and submitting an inquiry asks them to sign in
 * (a destructive toast, then sign-in). Everything above is classified until the viewer holds that tier.
 */
export function viewerTier(user: Pick<User, 'tier'> | null): number {
  return user?.tier ?? DEFAULT_TIER;
}

/** A digital service is usable when the user's tier is at least its minimum tier. */
export function canUseService(service: { minimumTier: number }, user: Pick<User, 'tier'> | null): boolean {
  return viewerTier(user) >= service.minimumTier;
}

/** The 'Advanced Analytics' placeholder card is shown below this tier. */
export const ADVANCED_ANALYTICS_TIER = 2;

/** /api/login, coming back to the suite once signed in. */
export function loginHref(): string {
  return `${LOGIN_URL}?${new URLSearchParams({ returnTo: paths.digital.getHref() })}`;
}

export interface AccessRequest {
  href: string;
  /** A server route (sign-in) rather than a page of the app. */
  fullPage: boolean;
}

/** Where 'Request Tier N Access' goes: signed-out visitors sign in first; members upgrade on the payments page. */
export function accessRequest(signedIn: boolean): AccessRequest {
  return signedIn
    ? { href: paths.payments.getHref(), fullPage: false }
    : { href: loginHref(), fullPage: true };
}
