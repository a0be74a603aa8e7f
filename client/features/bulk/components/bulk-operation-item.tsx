import { Download } from 'lucide-react';
import { BULK_TYPE_LABELS, type BulkOperation, type BulkOperationStatus } from '@contract/bulk';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { bulkOperationOutputHref } from '@/features/bulk/api/get-bulk-operations';
import { formatRelativeTime } from '@/lib/format';
import { plural } from '@/lib/plural';

const STATUS_BADGES: Record<BulkOperationStatus, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pending', variant: 'secondary' },
  processing: { label: 'Processing', variant: 'warning' },
  completed: { label: 'Completed', variant: 'default' },
  failed: { label: 'Failed', variant: 'destructive' },
};

/** One operation: what it is, where it stands, what failed and, for an export, its CSV. */
export function BulkOperationItem({ operation }: { operation: BulkOperation }) {
  const status = STATUS_BADGES[operation.status];
  const label = BULK_TYPE_LABELS[operation.type];
  const { processedItems, totalItems, failedItems, errors } = operation;

  return (
    <li
      data-testid="bulk-operation"
      aria-label={`${label}, ${status.label}`}
      className="grid gap-3 rounded-lg border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="flex-1 font-medium">{label}</p>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <Progress
        value={processedItems}
        max={Math.max(totalItems, 1)}
        aria-label={`${label}: ${processedItems} of ${plural(totalItems, 'item')} processed`}
        indicatorClassName={operation.status === 'failed' ? 'bg-destructive' : undefined}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span>
          {processedItems} / {totalItems} processed
        </span>
        <span className={failedItems > 0 ? 'text-red-400' : undefined}>{failedItems} failed</span>
        <time dateTime={operation.createdAt}>Started {formatRelativeTime(operation.createdAt)}</time>
        {operation.hasOutput && (
          <a
            href={bulkOperationOutputHref(operation.id)}
            download
            className="ml-auto inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            <Download aria-hidden="true" className="size-4" />
            Download CSV
          </a>
        )}
      </div>
      {operation.error && (
        <p role="alert" className="text-sm text-red-400">
          {operation.error}
        </p>
      )}
      {errors.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
            {errors.length === 1 ? 'Show 1 item error' : `Show ${errors.length} item errors`}
          </summary>
          <ul aria-label="Item errors" className="mt-2 grid gap-1 font-mono text-xs">
            {errors.map((item) => (
              <li key={item.index}>
                <span className="text-muted-foreground">Item {item.index + 1}:</span> {item.error}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
