import { useState } from 'react';
import { FileSearch, Plus } from 'lucide-react';
import type { RecordVisibility } from '@contract/organization';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { QueryStates } from '@/components/ui/list-states';
import { VisibilityFilter } from '@/components/ui/organization-sharing';
import { useInvestigations } from '@/features/investigations/api/get-investigations';
import type { InvestigationSlots } from '@/features/investigations/components/investigation-slots';
import { PRIORITY_LABELS, statusBadge } from '@/features/investigations/utils/options';
import { useUser } from '@/lib/auth';
import { formatDate, formatINR } from '@/lib/format';

const HEADING_ID = 'my-investigations-heading';

/** 'My Investigation Requests': the signed-in user's requests, newest first. */
export function MyInvestigations({
  onRequest,
  director = false,
  slots: { SlaClock, ReportButtons, Files },
}: {
  onRequest: () => void;
  /** A Director may attach internal files to their own requests too. */
  director?: boolean;
  slots: Pick<InvestigationSlots, 'SlaClock' | 'ReportButtons' | 'Files'>;
}) {
  const investigations = useInvestigations();
  const items = investigations.data ?? [];
  const { data: user } = useUser();
  // Members of an organisation see their requests and those shared with it, and can keep one kind (design 12.3).
  const [visibility, setVisibility] = useState<RecordVisibility | ''>('');
  const shown = (data: typeof items) =>
    visibility ? data.filter((item) => item.visibility === visibility) : data;

  return (
    <section aria-labelledby={HEADING_ID} aria-busy={investigations.isFetching} className="mt-14">
      <div className="mb-4 flex items-end justify-between gap-4 border-b pb-3">
        <div className="space-y-1">
          <h2 id={HEADING_ID} className="text-xl font-semibold tracking-tight">
            My Investigation Requests
          </h2>
          <p className="text-sm text-muted-foreground">Requests you have filed, and where each one stands.</p>
        </div>
        {items.length > 0 && (
          <p className="font-mono text-xs text-muted-foreground">
            {items.length} {items.length === 1 ? 'request' : 'requests'}
          </p>
        )}
      </div>

      {user?.organization && (
        <VisibilityFilter noun="requests" value={visibility} onChange={setVisibility} className="mb-4" />
      )}
      <QueryStates
        query={investigations}
        loading={{ label: 'Loading investigation requests', className: 'gap-2', rowClassName: 'h-20' }}
        error={{
          message: 'Your investigation requests could not be loaded.',
          className: 'items-center rounded-lg border border-dashed px-6 py-10 text-center',
        }}
        empty={
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-10 text-center">
            <FileSearch aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="font-medium">No investigation requests yet</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              Tell us what you need established; a licensed investigator reviews every request.
            </p>
            <Button onClick={onRequest}>
              <Plus aria-hidden="true" />
              Submit Your First Request
            </Button>
          </div>
        }
      >
        {(data) => (
          <ul className="grid gap-2">
            {shown(data).map((item) => {
              const status = statusBadge(item.status);
              const base = `/api/investigations/${encodeURIComponent(item.id)}`;
              return (
                <li
                  key={item.id}
                  data-testid="investigation-row"
                  className="grid gap-3 rounded-lg border bg-card px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="font-medium break-words">
                      {item.subject}
                      {item.visibility === 'organization' && (
                        <Badge variant="outline" className="ml-2 align-middle">
                          {item.mine ? 'Shared with my organisation' : `Shared by ${item.requestedBy}`}
                        </Badge>
                      )}
                    </p>
                    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                      <div className="flex gap-1">
                        <dt>Service:</dt>
                        <dd className="text-foreground">{item.serviceName}</dd>
                      </div>
                      <div className="flex gap-1">
                        <dt>Priority:</dt>
                        <dd className="text-foreground">{PRIORITY_LABELS[item.priority] ?? item.priority}</dd>
                      </div>
                      <div className="flex gap-1">
                        <dt>Estimated cost:</dt>
                        <dd data-testid="investigation-cost" className="font-mono text-foreground">
                          {item.estimatedCost === null ? 'Pending review' : formatINR(item.estimatedCost)}
                        </dd>
                      </div>
                      <div className="flex gap-1">
                        <dt>Agent:</dt>
                        <dd className="text-foreground">{item.assignedAgent ?? 'Not yet assigned'}</dd>
                      </div>
                      <div className="flex gap-1">
                        <dt>Submitted:</dt>
                        <dd className="text-foreground">
                          <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
                        </dd>
                      </div>
                    </dl>
                    <SlaClock
                      sla={item.sla}
                      clientTarget={{ label: 'Your timeframe', value: item.expectedTimeframe }}
                    />
                    <Files
                      base={base}
                      director={director}
                      actions={<ReportButtons base={base} director={director} />}
                    />
                  </div>
                  <Badge variant={status.variant} className="sm:justify-self-end">
                    <span className="sr-only">Status: </span>
                    {status.label}
                  </Badge>
                </li>
              );
            })}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}
