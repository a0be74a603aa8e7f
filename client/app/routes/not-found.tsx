import { ShieldAlert } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Any unknown path, and signed-in-only paths for signed-out visitors: for them those paths do not exist. */
export function NotFound({ signedIn }: { signedIn: boolean }) {
  const [location] = useLocation();
  const search = useSearch();
  // A mail link such as /settings?tab=preferences comes back with its tab after signing in.
  const here = search ? `${location}?${search}` : location;
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center gap-5 px-4 py-20 text-center">
      <ShieldAlert aria-hidden="true" className="size-10 text-destructive" />
      <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="max-w-prose text-muted-foreground">
        {signedIn
          ? 'There is nothing at this address. Check the link, or head back to the start.'
          : 'There is nothing at this address, or it is only open to signed-in clients.'}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href={paths.home.getHref()}>Go home</Link>
        </Button>
        {!signedIn && (
          <Button asChild variant="outline">
            <Link href={paths.login.getHref(here)}>Sign in</Link>
          </Button>
        )}
      </div>
    </section>
  );
}
