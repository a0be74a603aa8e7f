import { NotBuiltYet } from '@/app/routes/not-built-yet';

/** Placeholder until its issue lands. */
export function AiAnalysisPanel() {
  return <NotBuiltYet section="AI Analysis" />;
}
