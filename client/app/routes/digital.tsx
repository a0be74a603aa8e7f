import { DigitalServices } from '@/features/digital-services/components/digital-services';
import { useUser } from '@/lib/auth';

/** /digital, for everyone: the suite, shown for the current user's tier. */
export function DigitalRoute() {
  const { data: user = null } = useUser();
  return <DigitalServices user={user} />;
}
