import { NotBuiltYet } from '@/app/routes/not-built-yet';

/** Placeholder until its issue lands. */
export function IntegrationsPanel() {
  return <NotBuiltYet section="Integrations" />;
}
