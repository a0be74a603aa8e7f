import { LoadingMessage } from '@/components/ui/spinner';
import { OrganizationPage } from '@/features/organization/components/organization-page';
import { useUser } from '@/lib/auth';

/** /organization, signed-in users: the organisation they belong to (design 12.3). */
export function OrganizationRoute() {
  const { data: user } = useUser();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8 space-y-2 border-b pb-6">
        <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Your company</p>
        <h1 className="text-3xl font-bold tracking-tight">Organisation</h1>
        <p className="max-w-2xl text-muted-foreground">
          The enterprise client you work in: its tier applies to your account while you belong to it, and the
          cases and investigations your colleagues share with it are open to you.
        </p>
      </header>
      {user ? <OrganizationPage userId={user.id} /> : <LoadingMessage>Loading...</LoadingMessage>}
    </div>
  );
}
