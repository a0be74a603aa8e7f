import { NotBuiltYet } from '@/app/routes/not-built-yet';

/** Placeholder until its issue lands. */
export function BulkOperationsPanel() {
  return <NotBuiltYet section="Bulk Operations" />;
}
