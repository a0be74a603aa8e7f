import type { PaymentStatus } from '@contract/payments';
import { Badge } from '@/components/ui/badge';
import { PAYMENT_STATUS_BADGES } from '@/features/payments/utils/labels';

/** Completed, pending, failed or refunded. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const badge = PAYMENT_STATUS_BADGES[status];
  return (
    <Badge variant={badge.variant}>
      <span className="sr-only">Status: </span>
      {badge.label}
    </Badge>
  );
}
