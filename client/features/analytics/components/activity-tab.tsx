import { Cell, Pie, PieChart, Tooltip } from 'recharts';
import type { AnalyticsDashboard as AnalyticsDashboardData } from '@contract/analytics';
import { ChartBox, Empty, Panel } from '@/features/analytics/components/tab-parts';
import { TopPagesChart } from '@/features/analytics/components/top-pages-chart';
import { CHART_TOOLTIP, chartColor } from '@/features/analytics/utils/chart-theme';
import { formatPercent } from '@/lib/format';

export function ActivityTab({ data }: { data: AnalyticsDashboardData['userActivity'] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Panel title="Top pages" description="Views and unique visitors per page.">
        {data.topPages.length === 0 ? (
          <Empty>No page views recorded yet.</Empty>
        ) : (
          <TopPagesChart pages={data.topPages} />
        )}
      </Panel>
      <Panel title="Device types" description="Share of page views by device.">
        {data.deviceTypes.length === 0 ? (
          <Empty>No devices recorded yet.</Empty>
        ) : (
          <div className="grid gap-4">
            <ChartBox height={200}>
              <PieChart accessibilityLayer={false}>
                <Pie
                  data={data.deviceTypes}
                  dataKey="percentage"
                  nameKey="type"
                  innerRadius="55%"
                  outerRadius="90%"
                  // A gap between slices, none in a ring of one.
                  paddingAngle={data.deviceTypes.length > 1 ? 2 : 0}
                  stroke="none"
                >
                  {data.deviceTypes.map((device, index) => (
                    <Cell key={device.type} fill={chartColor(index)} />
                  ))}
                </Pie>
                <Tooltip {...CHART_TOOLTIP} formatter={(value) => formatPercent(Number(value))} />
              </PieChart>
            </ChartBox>
            <ul aria-label="Device types" className="grid gap-2 text-sm">
              {data.deviceTypes.map((device, index) => (
                <li key={device.type} className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="size-2.5 rounded-sm"
                    style={{ backgroundColor: chartColor(index) }}
                  />
                  <span className="flex-1 capitalize">{device.type}</span>
                  <span className="font-mono tabular-nums">{formatPercent(device.percentage)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Panel>
    </div>
  );
}
