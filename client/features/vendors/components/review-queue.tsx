import { ShieldCheck } from 'lucide-react';
import { DecisionButtons } from '@/components/ui/decision-buttons';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { usePendingVendorApplications } from '@/features/vendors/api/get-vendor-applications';
import { usePendingVendorProducts } from '@/features/vendors/api/get-vendor-products';
import { useReviewVendorApplication } from '@/features/vendors/api/review-vendor-application';
import { useReviewVendorProduct } from '@/features/vendors/api/review-vendor-product';
import { SectionHeader } from '@/features/vendors/components/section-header';
import { BUSINESS_TYPE_LABELS } from '@/features/vendors/utils/status';
import { VENDOR_MESSAGES } from '@/features/vendors/utils/messages';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate, formatINR } from '@/lib/format';

const HEADING_ID = 'vendor-review-queue-heading';

function onReviewError(error: unknown) {
  toastFailure(error, VENDOR_MESSAGES.reviewFailed.description, {
    title: VENDOR_MESSAGES.reviewFailed.title,
  });
}

function Placeholder() {
  return <Skeleton aria-hidden="true" className="h-16" />;
}

function Empty({ children }: { children: string }) {
  return (
    <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/** Directors (tier 4): every pending application and vendor product, each approved or rejected here. */
export function ReviewQueue() {
  const applications = usePendingVendorApplications({ enabled: true });
  const products = usePendingVendorProducts({ enabled: true });
  const reviewApplication = useReviewVendorApplication();
  const reviewProduct = useReviewVendorProduct();

  return (
    <section
      aria-labelledby={HEADING_ID}
      className="rounded-lg border border-primary/30 bg-primary/5 p-4 sm:p-6"
    >
      <SectionHeader
        id={HEADING_ID}
        title="Review queue"
        description="Directors only: vendor applications and products waiting for a decision, newest first."
      >
        <ShieldCheck aria-hidden="true" className="size-6 text-primary" />
      </SectionHeader>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-2">
          <h3 className="font-mono text-xs tracking-widest text-muted-foreground uppercase">
            Pending applications
          </h3>
          {applications.isPending ? (
            <Placeholder />
          ) : applications.isError ? (
            <LoadError
              message="Pending applications could not be loaded."
              onRetry={() => void applications.refetch()}
            />
          ) : applications.data.length === 0 ? (
            <Empty>No applications waiting.</Empty>
          ) : (
            <ul className="grid gap-2">
              {applications.data.map((application) => (
                <li
                  key={application.id}
                  data-testid="review-application-row"
                  className="grid gap-3 rounded-lg border bg-card px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="font-medium">{application.companyName}</p>
                    <p className="text-xs text-muted-foreground">
                      {BUSINESS_TYPE_LABELS[application.businessType]} · {application.contactEmail} ·{' '}
                      {application.phone} · {formatDate(application.createdAt)}
                    </p>
                    <p className="line-clamp-2 text-sm text-muted-foreground">{application.description}</p>
                  </div>
                  <DecisionButtons
                    subject={application.companyName}
                    busy={reviewApplication.isPending && reviewApplication.variables?.id === application.id}
                    onDecide={(approve) =>
                      reviewApplication.mutate(
                        { id: application.id, status: approve ? 'APPROVED' : 'REJECTED' },
                        {
                          onSuccess: (reviewed) =>
                            toast({
                              title: approve ? 'Application Approved' : 'Application Rejected',
                              description: `${reviewed.companyName} has been told.`,
                            }),
                          onError: onReviewError,
                        },
                      )
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="grid content-start gap-2">
          <h3 className="font-mono text-xs tracking-widest text-muted-foreground uppercase">
            Pending products
          </h3>
          {products.isPending ? (
            <Placeholder />
          ) : products.isError ? (
            <LoadError
              message="Pending products could not be loaded."
              onRetry={() => void products.refetch()}
            />
          ) : products.data.length === 0 ? (
            <Empty>No products waiting.</Empty>
          ) : (
            <ul className="grid gap-2">
              {products.data.map((product) => (
                <li
                  key={product.id}
                  data-testid="review-product-row"
                  className="grid gap-3 rounded-lg border bg-card px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="font-medium">{product.name}</p>
                    <p className="text-xs text-muted-foreground">
                      {formatINR(product.price)} · {product.category.name} · Tier {product.minimumTier} ·
                      Stock {product.stockCount ?? '—'} · HSN {product.hsnCode} · GST {product.gstRate} %
                    </p>
                    <p className="line-clamp-2 text-sm text-muted-foreground">{product.description}</p>
                  </div>
                  <DecisionButtons
                    subject={product.name}
                    busy={reviewProduct.isPending && reviewProduct.variables?.id === product.id}
                    onDecide={(approve) =>
                      reviewProduct.mutate(
                        { id: product.id, approvalStatus: approve ? 'approved' : 'rejected' },
                        {
                          onSuccess: (reviewed) =>
                            toast({
                              title: approve ? 'Product Approved' : 'Product Rejected',
                              description: approve
                                ? `${reviewed.name} is now listed in the marketplace.`
                                : `${reviewed.name} will not be listed.`,
                            }),
                          onError: onReviewError,
                        },
                      )
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
