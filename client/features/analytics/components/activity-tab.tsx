import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsDashboard as AnalyticsDashboardData } from '@contract/analytics';
import { ChartBox, Empty, Panel } from '@/features/analytics/components/tab-parts';
import { CHART_AXIS, CHART_GRID, CHART_TOOLTIP, chartColor } from '@/features/analytics/utils/chart-theme';
import { formatCount, formatPercent } from '@/lib/format';

export function ActivityTab({ data }: { data: AnalyticsDashboardData['userActivity'] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Panel title="Top pages" description="Views and unique visitors per page.">
        {data.topPages.length === 0 ? (
          <Empty>No page views recorded yet.</Empty>
        ) : (
          <div className="grid gap-4">
            <ChartBox>
              <BarChart data={data.topPages} margin={{ left: -16, right: 8 }} accessibilityLayer={false}>
                <CartesianGrid stroke={CHART_GRID} vertical={false} />
                <XAxis dataKey="page" {...CHART_AXIS} interval={0} tickLine={false} />
                <YAxis {...CHART_AXIS} allowDecimals={false} tickLine={false} />
                <Tooltip {...CHART_TOOLTIP} />
                <Bar dataKey="views" name="Views" fill={chartColor(0)} radius={[3, 3, 0, 0]} />
                <Bar
                  dataKey="uniqueVisitors"
                  name="Unique visitors"
                  fill={chartColor(1)}
                  radius={[3, 3, 0, 0]}
                />
              </BarChart>
            </ChartBox>
            <table className="w-full text-sm">
              <caption className="sr-only">Top pages</caption>
              <thead className="text-left font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="pb-2 font-medium">
                    Page
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Views
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Unique visitors
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {data.topPages.map((page) => (
                  <tr key={page.page}>
                    <td className="py-2 font-mono text-xs break-all">{page.page}</td>
                    <td className="py-2 text-right tabular-nums">{formatCount(page.views)}</td>
                    <td className="py-2 text-right tabular-nums">{formatCount(page.uniqueVisitors)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
