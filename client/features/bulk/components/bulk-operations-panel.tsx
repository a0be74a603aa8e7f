import { useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BulkOperationList } from '@/features/bulk/components/bulk-operation-list';
import { NewBulkOperationDialog } from '@/features/bulk/components/new-bulk-operation-dialog';
import { useUser } from '@/lib/auth';

/** The Bulk Operations tab: start work on many items at once and follow it as it runs. */
export function BulkOperationsPanel() {
  const { data: user } = useUser();
  const [creating, setCreating] = useState(false);

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>Bulk Operations</CardTitle>
          <CardDescription>
            Each operation runs in the background; failed items are counted and explained, the rest still go
            through.
          </CardDescription>
        </div>
        <Button onClick={() => setCreating(true)} disabled={!user}>
          <Plus aria-hidden="true" />
          New Bulk Operation
        </Button>
      </CardHeader>
      <CardContent>
        <BulkOperationList />
      </CardContent>
      {user && <NewBulkOperationDialog open={creating} onOpenChange={setCreating} tier={user.tier} />}
    </Card>
  );
}
