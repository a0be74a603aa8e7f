import type { PaymentMethod, PaymentStatus } from '@contract/payments';
import type { BadgeProps } from '@/components/ui/badge';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  stripe: 'Card',
  crypto: 'Crypto',
  bank_transfer: 'Bank transfer',
};

export const PAYMENT_STATUS_BADGES: Record<PaymentStatus, { label: string; variant: BadgeProps['variant'] }> =
  {
    completed: { label: 'Completed', variant: 'default' },
    pending: { label: 'Pending', variant: 'warning' },
    failed: { label: 'Failed', variant: 'destructive' },
    refunded: { label: 'Refunded', variant: 'secondary' },
  };
