import { NotBuiltYet } from '@/app/routes/not-built-yet';

/** Placeholder until its issue lands. */
export function ThreatIntelPanel() {
  return <NotBuiltYet section="Threat Intelligence" />;
}
