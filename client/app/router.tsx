import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { AppLayout } from '@/app/layout/app-layout';
import { MemberHome, memberRoutes, sharedRoutes } from '@/app/route-pages';
import { Landing } from '@/app/routes/landing';
import { Spinner } from '@/components/ui/spinner';
import { lazyNamed } from '@/lib/lazy-named';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';

// Unknown addresses are rare: the 404 page is not part of every page's JavaScript.
const NotFound = lazyNamed(() => import('@/app/routes/not-found'), 'NotFound');

/**
 * While a page's code loads: a full screen high, so that the footer stays below the fold and does not jump down
 * when the page appears (a layout shift of a quarter of the screen on phones; issue 19).
 */
function PageSpinner() {
  return (
    <div className="flex min-h-dvh flex-1 items-center justify-center py-24">
      <Spinner />
    </div>
  );
}

/** Picks the signed-out or signed-in route set: no user (or a failed user query) means signed out. */
export function AppRouter() {
  const { data: user, isPending } = useUser();

  // Never render the wrong route set while we do not yet know who this is.
  if (isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label="Checking your session" />
      </div>
    );
  }

  const routes = user ? [...sharedRoutes, ...memberRoutes] : sharedRoutes;
  return (
    <AppLayout>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          <Route path={paths.home.path}>{user ? <MemberHome user={user} /> : <Landing />}</Route>
          {routes.map(({ path, Page }) => (
            <Route key={path} path={path}>
              <Page />
            </Route>
          ))}
          <Route>
            <NotFound signedIn={Boolean(user)} />
          </Route>
        </Switch>
      </Suspense>
    </AppLayout>
  );
}
