import { investigationSlots } from '@/app/subject-slots';
import { Investigations } from '@/features/investigations/components/investigations';
import { useUser } from '@/lib/auth';

/** /investigations, for everyone: the catalogue; requests for signed-in users. */
export function InvestigationsRoute() {
  const { data: user = null } = useUser();
  return <Investigations user={user} slots={investigationSlots} />;
}
