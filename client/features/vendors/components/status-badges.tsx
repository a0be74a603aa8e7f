import type { VendorApplicationStatus } from '@contract/vendors';
import type { ProductApprovalStatus } from '@contract/catalog';
import { Badge } from '@/components/ui/badge';
import {
  applicationStatusVariant,
  PRODUCT_APPROVAL_LABELS,
  productApprovalVariant,
} from '@/features/vendors/utils/status';

/** An application's status as the API sends it (upper case), in its colour. */
export function ApplicationStatusBadge({ status }: { status: VendorApplicationStatus | string }) {
  return (
    <Badge variant={applicationStatusVariant(status)} data-status={status}>
      <span className="sr-only">Status: </span>
      {status}
    </Badge>
  );
}

export function ProductApprovalBadge({ status }: { status: ProductApprovalStatus }) {
  return (
    <Badge variant={productApprovalVariant(status)} data-approval={status}>
      {PRODUCT_APPROVAL_LABELS[status] ?? status}
    </Badge>
  );
}
