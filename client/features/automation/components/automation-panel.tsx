import { NotBuiltYet } from '@/app/routes/not-built-yet';

/** Placeholder until its issue lands. */
export function AutomationPanel() {
  return <NotBuiltYet section="Automation" />;
}
