import { useEffect, useRef } from 'react';
import { Layers } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { isBulkOperationActive } from '@contract/bulk';
import { EmptyState, QueryStates } from '@/components/ui/list-states';
import { AFFECTED_PATHS } from '@/features/bulk/api/get-bulk-choices';
import { useBulkOperations } from '@/features/bulk/api/get-bulk-operations';
import { BulkOperationItem } from '@/features/bulk/components/bulk-operation-item';

/** The user's operations, newest first, read again while any is still running (the query polls itself). */
export function BulkOperationList() {
  const operations = useBulkOperations();
  const queryClient = useQueryClient();
  // Finished operations already accounted for; null until the first answer.
  const finished = useRef<Set<string> | null>(null);

  // An operation that finished since the list was first read has changed other lists (the bell, the keys, the
  // cases): refresh them. One that started and finished between two reads counts too.
  useEffect(() => {
    if (!operations.data) return;
    const done = operations.data.filter((operation) => !isBulkOperationActive(operation));
    if (!finished.current) {
      finished.current = new Set(done.map((operation) => operation.id));
      return;
    }
    for (const operation of done) {
      if (finished.current.has(operation.id)) continue;
      finished.current.add(operation.id);
      if (operation.type in AFFECTED_PATHS) {
        const path = AFFECTED_PATHS[operation.type as keyof typeof AFFECTED_PATHS];
        void queryClient.invalidateQueries({ queryKey: [path] });
      }
    }
  }, [operations.data, queryClient]);

  return (
    <QueryStates
      query={operations}
      loading={{ label: 'Loading bulk operations', rowClassName: 'h-28' }}
      error="Your bulk operations could not be loaded."
      empty={
        <EmptyState icon={Layers} title="No bulk operations yet">
          Start one to mark notifications read, revoke keys or export your cases in one go.
        </EmptyState>
      }
    >
      {(data) => (
        <ul aria-label="Bulk operations" className="grid gap-3">
          {data.map((operation) => (
            <BulkOperationItem key={operation.id} operation={operation} />
          ))}
        </ul>
      )}
    </QueryStates>
  );
}
