import { Banknote } from 'lucide-react';
import type { AnalyticsDashboard } from '@contract/analytics';
import { formatMoneyWithCode } from '@/lib/format';
import { plural } from '@/lib/plural';

type Business = AnalyticsDashboard['business'];

/**
 * The Revenue headline: what was paid in the window in each currency, never converted or added across
 * currencies, and the new orders. One term and definition of the `<dl>` around it, like the other stat cards.
 */
export function RevenueCard({ business }: { business: Business }) {
  return (
    <div data-testid="analytics-stat" className="flex flex-col gap-2 rounded-lg border bg-card px-4 py-4">
      {/* A <dl> group holds only its terms and definitions: the icon rides in the term, the hint is a definition. */}
      <dt className="flex items-center justify-between gap-2 font-mono text-xs tracking-widest text-muted-foreground uppercase">
        Revenue
        <Banknote aria-hidden="true" className="size-4 text-primary" />
      </dt>
      <dd className="grid gap-0.5" data-testid="revenue">
        {business.revenue.length === 0 ? (
          <span className="text-3xl font-bold tracking-tight tabular-nums">None yet</span>
        ) : (
          business.revenue.map((entry) => (
            <span
              key={entry.currency}
              data-testid="revenue-amount"
              className={
                business.revenue.length === 1
                  ? 'text-3xl font-bold tracking-tight tabular-nums'
                  : 'text-xl font-bold tracking-tight tabular-nums'
              }
            >
              {formatMoneyWithCode(entry.amount, entry.currency)}
            </span>
          ))
        )}
      </dd>
      <dd className="text-xs text-muted-foreground">{plural(business.newOrders, 'new order')}</dd>
    </div>
  );
}
