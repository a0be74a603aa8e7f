import { TeamPage } from '@/features/team/components/team-page';

/** /team (spec 2.16), for everyone. */
export function TeamRoute() {
  return <TeamPage />;
}
