import { FlaskConical } from 'lucide-react';
import { TEST_MODE_NOTICE } from '@contract/payments';
import { cn } from '@/lib/utils';

/**
 * "Test mode: no card is charged", on every payment screen while the test card provider takes the payments
 * (`usePaymentTestMode` in client/lib/payment-settings.ts says when): nobody should take a test for a charge.
 */
export function TestModeNotice({ className }: { className?: string }) {
  return (
    <p
      role="note"
      data-testid="test-mode-notice"
      className={cn(
        'flex items-center gap-2 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm',
        className,
      )}
    >
      <FlaskConical aria-hidden="true" className="size-4 shrink-0 text-warning" />
      {TEST_MODE_NOTICE}
    </p>
  );
}
