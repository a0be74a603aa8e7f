import { useState, type ReactNode } from 'react';
import { ListFilter, ScrollText } from 'lucide-react';
import { auditIpLabel, auditSubjectTypeLabel, type AuditEvent } from '@contract/audit';
import { Button } from '@/components/ui/button';
import { EmptyState, QueryStates } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { useAuditEvents, type AuditFilters } from '@/features/audit/api/get-audit-events';
import { AuditFiltersForm } from '@/features/audit/components/audit-filters';
import { AUDIT_MESSAGES, detailEntries, shortId } from '@/features/audit/utils/labels';
import { formatCount, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

const COLUMNS = ['Time', 'Action', 'Actor', 'Subject', 'IP', 'Detail'] as const;

/** A small button that narrows the trail to one account. */
function FilterButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-6 shrink-0 text-muted-foreground"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <ListFilter className="size-3.5" aria-hidden="true" />
    </Button>
  );
}

/**
 * One cell: a table cell from `md` up; below, a line of the event's card with the column's name before it (the
 * table's header row is hidden there).
 */
function Cell({ column, className, children }: { column: string; className?: string; children: ReactNode }) {
  return (
    <td
      className={cn(
        'grid grid-cols-[5rem_minmax(0,1fr)] items-start gap-2 py-1 md:table-cell md:px-3 md:py-3 md:align-top',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase md:hidden"
      >
        {column}
      </span>
      <div className="min-w-0">{children}</div>
    </td>
  );
}

function EventRow({ event, onFilter }: { event: AuditEvent; onFilter: (filters: AuditFilters) => void }) {
  const detail = detailEntries(event.detail);
  return (
    <tr
      data-testid="audit-event"
      className="block rounded-lg border bg-surface p-3 md:table-row md:rounded-none md:border-0 md:border-t md:bg-transparent md:p-0"
    >
      <Cell column="Time">
        <time dateTime={event.at} className="text-sm whitespace-nowrap">
          {formatDateTime(event.at)}
        </time>
      </Cell>
      <Cell column="Action">
        <p className="text-sm font-medium">{event.actionLabel}</p>
        <p className="font-mono text-xs text-muted-foreground">{event.action}</p>
      </Cell>
      <Cell column="Actor" className="md:max-w-64">
        {event.actorId ? (
          <div className="flex items-center gap-1">
            <span className="truncate text-sm" title={event.actorId}>
              {event.actorLabel}
            </span>
            <FilterButton
              label={`Show only events by ${event.actorEmail ?? event.actorId}`}
              onClick={() => onFilter({ actorId: event.actorId! })}
            />
          </div>
        ) : (
          // No account acted: someone not signed in (a failed sign-in), or the system (a job, a provider).
          <span className="text-sm text-muted-foreground">{event.actorLabel}</span>
        )}
      </Cell>
      <Cell column="Subject" className="md:max-w-80">
        {event.subjectType || event.subjectId ? (
          <p className="text-sm">
            <span className="text-muted-foreground">
              {event.subjectType ? auditSubjectTypeLabel(event.subjectType) : 'Record'}
            </span>{' '}
            {event.subjectLabel && (
              <span className="break-all" title={event.subjectId ?? undefined}>
                {event.subjectLabel}
              </span>
            )}
          </p>
        ) : (
          <span className="text-sm text-muted-foreground">—</span>
        )}
        {event.subjectUserId && (
          <div className="flex items-center gap-1">
            <span className="truncate text-xs text-muted-foreground" title={event.subjectUserId}>
              User {event.subjectUserEmail ?? shortId(event.subjectUserId)}
            </span>
            <FilterButton
              label={`Show only events about user ${event.subjectUserId}`}
              onClick={() => onFilter({ subjectUserId: event.subjectUserId! })}
            />
          </div>
        )}
      </Cell>
      <Cell column="IP">
        {/* No address: no request caused it (a job, an operator's command). */}
        <span
          className={cn(
            'text-xs break-all md:break-normal md:whitespace-nowrap',
            event.ip ? 'font-mono' : 'text-muted-foreground',
          )}
        >
          {auditIpLabel(event.ip)}
        </span>
      </Cell>
      <Cell column="Detail" className="md:min-w-56 md:max-w-xs">
        {detail.length === 0 ? (
          <span className="text-sm text-muted-foreground">—</span>
        ) : (
          <dl className="grid gap-0.5 font-mono text-xs">
            {detail.map(([key, value]) => (
              <div key={key} className="flex min-w-0 gap-1">
                <dt className="text-muted-foreground">{key}:</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </Cell>
    </tr>
  );
}

function EventTable({
  events,
  onFilter,
}: {
  events: AuditEvent[];
  onFilter: (filters: AuditFilters) => void;
}) {
  return (
    <table className="block w-full text-left md:table md:rounded-lg md:border">
      <caption className="sr-only">Audit events, newest first</caption>
      <thead className="hidden font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase md:table-header-group">
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col" className="px-3 py-2 font-medium">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="grid gap-3 md:table-row-group">
        {events.map((event) => (
          <EventRow key={event.id} event={event} onFilter={onFilter} />
        ))}
      </tbody>
    </table>
  );
}

/**
 * The Directors' audit screen: who did what and who saw whose records, newest first, filtered on the server and
 * read a page at a time ('Load more' follows the API's cursor). Nothing here changes an event: there is no way to.
 */
export function AuditTrail() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const events = useAuditEvents(filters);
  const filtered = Object.values(filters).some(Boolean);
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <section aria-labelledby="audit-events-heading" className="grid gap-6">
      <AuditFiltersForm filters={filters} onApply={setFilters} />
      <h2 id="audit-events-heading" className="sr-only">
        Events
      </h2>
      <QueryStates
        // A page after the first that fails keeps the rows and says so below them, not instead of them.
        query={{ ...events, isError: events.isError && !events.isFetchNextPageError }}
        loading={{ label: 'Loading the audit trail', rows: 6, rowClassName: 'h-14' }}
        error={{ message: AUDIT_MESSAGES.loadFailed, className: 'rounded-lg border border-dashed px-6 py-8' }}
        isEmpty={(data) => data.pages.every((page) => page.events.length === 0)}
        empty={
          <EmptyState icon={ScrollText} title={AUDIT_MESSAGES.empty}>
            {filtered ? AUDIT_MESSAGES.emptyFiltered : AUDIT_MESSAGES.emptyAll}
          </EmptyState>
        }
      >
        {() => (
          <div className={cn('grid gap-4 transition-opacity', events.isPlaceholderData && 'opacity-60')}>
            <EventTable events={rows} onFilter={setFilters} />
            <div className="flex flex-col items-center gap-2">
              {events.hasNextPage && (
                <Button
                  variant="outline"
                  onClick={() => void events.fetchNextPage()}
                  disabled={events.isFetchingNextPage}
                >
                  {events.isFetchingNextPage && <Spinner label="Loading more" />}
                  Load more
                </Button>
              )}
              <p className="font-mono text-xs text-muted-foreground">
                Showing {formatCount(rows.length)} event{rows.length === 1 ? '' : 's'}
                {events.hasNextPage ? '' : ' · the end of the trail'}
              </p>
              {events.isFetchNextPageError && (
                <p role="alert" className="text-sm text-red-400">
                  {AUDIT_MESSAGES.moreFailed}
                </p>
              )}
            </div>
          </div>
        )}
      </QueryStates>
    </section>
  );
}
