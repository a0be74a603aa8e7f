import { ShieldCheck } from 'lucide-react';
import { ENCRYPTION_LABELS } from '@contract/secure-channel';
import { DecisionButtons } from '@/components/ui/decision-buttons';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { usePendingSecureChannelRequests } from '@/features/secure-channel/api/get-secure-channel-requests';
import { useReviewSecureChannelRequest } from '@/features/secure-channel/api/review-secure-channel-request';
import { CLASSIFICATION_LABELS, CLEARANCE_LABELS } from '@/features/secure-channel/utils/options';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate } from '@/lib/format';

const HEADING_ID = 'secure-channel-reviews-heading';

/** Directors (tier 4): every request still waiting for the security review, each approved or rejected once. */
export function SecureChannelReviews() {
  const requests = usePendingSecureChannelRequests({ enabled: true });
  const review = useReviewSecureChannelRequest();

  return (
    <section
      aria-labelledby={HEADING_ID}
      className="mt-10 rounded-lg border border-primary/30 bg-primary/5 p-4 sm:p-6"
    >
      <header className="mb-4 flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="size-6 text-primary" />
        <div className="space-y-1">
          <h2 id={HEADING_ID} className="text-lg font-semibold">
            Security review queue
          </h2>
          <p className="text-sm text-muted-foreground">
            Directors only: secure channel requests waiting for a decision, newest first.
          </p>
        </div>
      </header>
      {requests.isPending ? (
        <Skeleton aria-hidden="true" className="h-16" />
      ) : requests.isError ? (
        <LoadError message="Pending requests could not be loaded." onRetry={() => void requests.refetch()} />
      ) : requests.data.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No requests waiting.
        </p>
      ) : (
        <ul className="grid gap-2">
          {requests.data.map((request) => (
            <li
              key={request.id}
              data-testid="secure-channel-review-row"
              className="grid gap-3 rounded-lg border bg-card px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
            >
              <div className="min-w-0 space-y-1">
                <p className="font-medium">
                  {request.fullName}
                  {request.organization ? ` · ${request.organization}` : ''}
                </p>
                <p className="text-xs text-muted-foreground">
                  {request.email} · {CLEARANCE_LABELS[request.securityClearance]} ·{' '}
                  {CLASSIFICATION_LABELS[request.dataClassification]} ·{' '}
                  {ENCRYPTION_LABELS[request.encryptionPreference]} · {formatDate(request.createdAt)}
                </p>
                <p className="line-clamp-2 text-sm text-muted-foreground">{request.accessPurpose}</p>
              </div>
              <DecisionButtons
                subject={request.fullName}
                busy={review.isPending && review.variables?.id === request.id}
                onDecide={(approve) =>
                  review.mutate(
                    { id: request.id, status: approve ? 'approved' : 'rejected' },
                    {
                      onSuccess: (decided) =>
                        toast({
                          title: approve ? 'Request Approved' : 'Request Rejected',
                          description: `${decided.fullName}'s request is ${decided.status}.`,
                        }),
                      onError: (error) =>
                        toastFailure(error, 'The decision could not be saved.', { title: 'Review failed' }),
                    },
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
