import { Redirect, useLocation, useSearch } from 'wouter';
import { safeReturnTo } from '@contract/auth';
import { paths } from '@/config/paths';
import { AuthPanel } from '@/features/auth/components/auth-panel';
import { MfaForm } from '@/features/mfa/components/mfa-form';
import { useUser } from '@/lib/auth';

/**
 * /login: where /api/login sends people. After signing in they go to `?returnTo=` when it is a local path,
 * otherwise home; someone already signed in goes there at once.
 */
export function LoginRoute() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { data: user } = useUser();
  const params = new URLSearchParams(search);
  const returnTo = safeReturnTo(params.get('returnTo'));
  const destination = returnTo ?? paths.home.getHref();

  if (user) return <Redirect to={destination} replace />;

  return (
    <div className="bg-grid flex flex-1 items-center justify-center px-4 py-16">
      <AuthPanel
        defaultTab={params.get('mode') === 'register' ? 'register' : 'sign-in'}
        ssoFailed={params.get('error') === 'sso'}
        returnTo={returnTo}
        onAuthenticated={() => navigate(destination, { replace: true })}
        mfaStep={(props) => <MfaForm {...props} />}
      />
    </div>
  );
}
