import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsDashboard as AnalyticsDashboardData } from '@contract/analytics';
import { tierLabel, tierName } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { ChartBox, Empty, Figure, Panel } from '@/features/analytics/components/tab-parts';
import { CHART_AXIS, CHART_GRID, CHART_TOOLTIP, chartColor } from '@/features/analytics/utils/chart-theme';
import { formatCount, formatMoneyWithCode, formatPercent } from '@/lib/format';
import { plural } from '@/lib/plural';

export function BusinessTab({ data }: { data: AnalyticsDashboardData['business'] }) {
  const tiers = data.tierDistribution.map((entry) => ({ ...entry, label: tierLabel(entry.tier) }));
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Figure label="New orders" value={formatCount(data.newOrders)} />
        <Figure label="Investigation requests" value={formatCount(data.investigationRequests)} />
        <Figure
          label="Vendor applications"
          value={formatCount(data.vendorApplications)}
          className="col-span-2 lg:col-span-1"
        />
      </dl>
      <Panel
        title="Revenue by currency"
        description="Completed payments in the last 30 days, each in its own currency."
      >
        {data.revenue.length === 0 ? (
          <Empty>No payments completed yet.</Empty>
        ) : (
          <table aria-label="Revenue by currency" className="w-full text-sm">
            <thead>
              <tr className="text-left font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">
                <th scope="col" className="py-2 font-normal">
                  Currency
                </th>
                <th scope="col" className="py-2 text-right font-normal">
                  Revenue
                </th>
                <th scope="col" className="py-2 text-right font-normal">
                  Payments
                </th>
              </tr>
            </thead>
            <tbody>
              {data.revenue.map((entry) => (
                <tr key={entry.currency} className="border-t">
                  <th scope="row" className="py-2 text-left font-mono font-normal">
                    {entry.currency}
                  </th>
                  <td className="py-2 text-right font-semibold tabular-nums">
                    {formatMoneyWithCode(entry.amount, entry.currency)}
                  </td>
                  <td className="py-2 text-right text-muted-foreground tabular-nums">
                    {plural(entry.payments, 'payment')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
      <Panel title="User tier distribution" description="Accounts per clearance tier.">
        {tiers.length === 0 ? (
          <Empty>No accounts yet.</Empty>
        ) : (
          <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-center">
            <ChartBox height={220}>
              <BarChart data={tiers} margin={{ left: -16, right: 8 }} accessibilityLayer={false}>
                <CartesianGrid stroke={CHART_GRID} vertical={false} />
                <XAxis dataKey="label" {...CHART_AXIS} tickLine={false} />
                <YAxis {...CHART_AXIS} allowDecimals={false} tickLine={false} />
                <Tooltip {...CHART_TOOLTIP} />
                <Bar dataKey="count" name="Accounts" radius={[3, 3, 0, 0]}>
                  {tiers.map((entry, index) => (
                    <Cell key={entry.tier} fill={chartColor(index)} />
                  ))}
                </Bar>
              </BarChart>
            </ChartBox>
            <ul aria-label="Tier distribution" className="grid gap-2 text-sm">
              {tiers.map((entry) => (
                <li key={entry.tier} className="flex items-center gap-2">
                  <Badge>{entry.label}</Badge>
                  <span className="flex-1 text-muted-foreground">{tierName(entry.tier)}</span>
                  <span className="tabular-nums">{formatCount(entry.count)}</span>
                  <span className="w-14 text-right font-mono text-xs tabular-nums text-muted-foreground">
                    {formatPercent(entry.percentage)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Panel>
    </div>
  );
}
