import { NotBuiltYet } from '@/app/routes/not-built-yet';

/** Placeholder until its issue lands. */
export function EnterprisePanel() {
  return <NotBuiltYet section="Enterprise" />;
}
