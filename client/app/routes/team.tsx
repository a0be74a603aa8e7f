import { TeamPage } from '@/features/team/components/team-page';

/** /team, for everyone. */
export function TeamRoute() {
  return <TeamPage />;
}
