import { FileText, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState, QueryStates } from '@/components/ui/list-states';
import { useVendorApplications } from '@/features/vendors/api/get-vendor-applications';
import { SectionHeader } from '@/features/vendors/components/section-header';
import { ApplicationStatusBadge } from '@/features/vendors/components/status-badges';
import { BUSINESS_TYPE_LABELS, canApply } from '@/features/vendors/utils/status';
import { formatDate } from '@/lib/format';

const HEADING_ID = 'vendor-applications-heading';

/** The user's applications, newest first, with their status in its colour. */
export function ApplicationList({ onApply }: { onApply: () => void }) {
  const applications = useVendorApplications();
  const items = applications.data ?? [];

  return (
    <section aria-labelledby={HEADING_ID} aria-busy={applications.isFetching}>
      <SectionHeader
        id={HEADING_ID}
        title="Application Status"
        description="Your vendor applications and where each one stands."
      >
        {applications.isSuccess && canApply(items) && (
          <Button variant="outline" onClick={onApply}>
            <Send aria-hidden="true" />
            Apply as Vendor
          </Button>
        )}
      </SectionHeader>

      <QueryStates
        query={applications}
        loading={{ label: 'Loading applications', rows: 1, className: 'gap-2', rowClassName: 'h-20' }}
        error={{
          message: 'Your applications could not be loaded.',
          className: 'items-center rounded-lg border border-dashed px-6 py-10 text-center',
        }}
        empty={
          <EmptyState icon={FileText} title="No applications yet" descriptionClassName="max-w-sm">
            Apply as a vendor to sell equipment in the marketplace. A Director reviews every application.
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="grid gap-2">
            {data.map((application) => (
              <li
                key={application.id}
                data-testid="vendor-application-row"
                className="grid gap-3 rounded-lg border bg-card px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
              >
                <div className="min-w-0 space-y-1">
                  <p className="font-medium">{application.companyName}</p>
                  <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                    <div className="flex gap-1">
                      <dt>Type:</dt>
                      <dd className="text-foreground">{BUSINESS_TYPE_LABELS[application.businessType]}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>Contact:</dt>
                      <dd className="text-foreground">{application.contactEmail}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>Submitted:</dt>
                      <dd className="text-foreground">
                        <time dateTime={application.createdAt}>{formatDate(application.createdAt)}</time>
                      </dd>
                    </div>
                    {application.certifications.length > 0 && (
                      <div className="flex gap-1">
                        <dt>Certifications:</dt>
                        <dd className="text-foreground">{application.certifications.join(', ')}</dd>
                      </div>
                    )}
                  </dl>
                  {application.reviewNote && (
                    <p className="text-sm text-muted-foreground">
                      <span className="font-medium text-foreground">Review note:</span>{' '}
                      {application.reviewNote}
                    </p>
                  )}
                </div>
                <div className="sm:justify-self-end">
                  <ApplicationStatusBadge status={application.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}
