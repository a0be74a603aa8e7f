import { Inbox } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { EmptyState, QueryStates } from '@/components/ui/list-states';
import { useServiceInquiries } from '@/features/digital-services/api/get-service-inquiries';
import {
  budgetLabel,
  CONTACT_PREFERENCE_LABELS,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUS_VARIANTS,
} from '@/features/digital-services/utils/inquiry-options';
import { formatDate } from '@/lib/format';

const HEADING_ID = 'my-inquiries-heading';

/** The signed-in user's inquiries, newest first, with their status. */
export function MyInquiries() {
  const inquiries = useServiceInquiries();
  const items = inquiries.data ?? [];

  return (
    <section aria-labelledby={HEADING_ID} aria-busy={inquiries.isFetching} className="mt-14">
      <div className="mb-4 flex items-end justify-between gap-4 border-b pb-3">
        <div className="space-y-1">
          <h2 id={HEADING_ID} className="text-xl font-semibold tracking-tight">
            My Inquiries
          </h2>
          <p className="text-sm text-muted-foreground">Requests you have sent, and where each one stands.</p>
        </div>
        {items.length > 0 && (
          <p className="font-mono text-xs text-muted-foreground">
            {items.length} {items.length === 1 ? 'inquiry' : 'inquiries'}
          </p>
        )}
      </div>

      <QueryStates
        query={inquiries}
        loading={{ label: 'Loading inquiries', className: 'gap-2', rowClassName: 'h-16' }}
        error={{
          message: 'Your inquiries could not be loaded.',
          className: 'items-center rounded-lg border border-dashed px-6 py-10 text-center',
        }}
        empty={
          <EmptyState icon={Inbox} title="No inquiries yet" descriptionClassName="max-w-sm">
            Open a service above and choose Submit Service Inquiry; your requests and their status appear
            here.
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="grid gap-2">
            {data.map((inquiry) => (
              <li
                key={inquiry.id}
                data-testid="inquiry-row"
                className="grid gap-3 rounded-lg border bg-card px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
              >
                <div className="min-w-0 space-y-1">
                  <p className="font-medium">{inquiry.serviceName}</p>
                  <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                    <div className="flex gap-1">
                      <dt>Budget:</dt>
                      <dd className="font-mono text-foreground">{budgetLabel(inquiry.budgetRange)}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>Contact:</dt>
                      <dd className="text-foreground">
                        {CONTACT_PREFERENCE_LABELS[inquiry.contactPreference]}
                      </dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>Submitted:</dt>
                      <dd className="text-foreground">
                        <time dateTime={inquiry.createdAt}>{formatDate(inquiry.createdAt)}</time>
                      </dd>
                    </div>
                  </dl>
                </div>
                <Badge variant={INQUIRY_STATUS_VARIANTS[inquiry.status]} className="sm:justify-self-end">
                  <span className="sr-only">Status: </span>
                  {INQUIRY_STATUS_LABELS[inquiry.status]}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}
