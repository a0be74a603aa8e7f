import { useUser } from '@/features/auth/api/get-user';
import { Investigations } from '@/features/investigations/components/investigations';

/** /investigations (spec 2.13), for everyone: the catalogue; requests for signed-in users. */
export function InvestigationsRoute() {
  const { data: user = null } = useUser();
  return <Investigations user={user} />;
}
