import { useLocation, useSearch } from 'wouter';
import { clientRouteName, SENT_LINK_ROUTES } from '@contract/routes';
import { paths } from '@/config/paths';

/**
 * Where the header's "Sign in" goes: the sign-in page, coming back to the page it was pressed on (with its query,
 * as the 404 page does). Not to the home page, the sign-in pages themselves or a page opened from a sent link,
 * whose token is spent or of no use once signed in.
 */
export function useSignInHref(): string {
  const [location] = useLocation();
  const search = useSearch();
  const name = clientRouteName(location);
  const comeBack =
    name !== undefined &&
    name !== 'home' &&
    name !== 'login' &&
    name !== 'forgotPassword' &&
    !SENT_LINK_ROUTES.has(name);
  return paths.login.getHref(comeBack ? (search ? `${location}?${search}` : location) : undefined);
}
