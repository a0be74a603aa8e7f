import { useUser } from '@/features/auth/api/get-user';
import { DigitalServices } from '@/features/digital-services/components/digital-services';

/** /digital (spec 2.7), for everyone: the suite, shown for the current user's tier. */
export function DigitalRoute() {
  const { data: user = null } = useUser();
  return <DigitalServices user={user} />;
}
