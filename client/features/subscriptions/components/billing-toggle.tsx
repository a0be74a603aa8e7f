import { BILLING_PERIODS, type BillingPeriod } from '@contract/subscriptions';
import { BILLING_LABELS } from '@/features/subscriptions/utils/plans';
import { cn } from '@/lib/utils';

interface BillingToggleProps {
  value: BillingPeriod;
  onChange: (billing: BillingPeriod) => void;
  className?: string;
}

/** Monthly or yearly billing: two pressed-state buttons, the yearly one reading 'Yearly (Save 17%)'. */
export function BillingToggle({ value, onChange, className }: BillingToggleProps) {
  return (
    <div
      role="group"
      aria-label="Billing period"
      className={cn('inline-flex w-fit rounded-md border bg-surface p-1', className)}
    >
      {BILLING_PERIODS.map((billing) => (
        <button
          key={billing}
          type="button"
          aria-pressed={value === billing}
          onClick={() => onChange(billing)}
          className={cn(
            'h-8 rounded-sm px-3 text-sm font-medium text-muted-foreground transition-colors outline-none',
            'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
            'aria-pressed:bg-secondary aria-pressed:text-foreground aria-pressed:shadow-sm',
          )}
        >
          {BILLING_LABELS[billing]}
        </button>
      ))}
    </div>
  );
}
