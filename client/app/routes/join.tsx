import { Building2 } from 'lucide-react';
import { useSearchParams } from 'wouter';
import { paths } from '@/config/paths';
import { AccountPageCard } from '@/features/auth/components/account-page-card';
import { JoinOrganization } from '@/features/organization/components/join-organization';
import { useUser } from '@/lib/auth';

/** /join?token=..., for everyone: where an organisation's invitation link leads. */
export function JoinRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const { data: user } = useUser();
  return (
    <AccountPageCard icon={Building2} title="Join an organisation">
      <JoinOrganization
        token={token}
        signedIn={Boolean(user)}
        signInHref={paths.login.getHref(paths.join.getHref(token ?? undefined))}
        organizationHref={paths.organization.getHref()}
      />
    </AccountPageCard>
  );
}
