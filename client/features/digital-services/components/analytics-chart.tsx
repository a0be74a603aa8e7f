import { useId } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  formatFraction,
  formatNumber,
  humanizeKey,
  type ChartEntry,
} from '@/features/digital-services/utils/demo-content';

/** The theme's accent first (styles.css), then colours that stay apart from it on the dark background. */
const SERIES_COLORS = ['#10b981', '#f59e0b', '#38bdf8', '#a78bfa'];
const AXIS_TICK = { fill: '#94a3b8', fontSize: 11 };
const GRID_STROKE = '#1e293b';
const TOOLTIP_STYLE = {
  background: '#111821',
  border: '1px solid #1e293b',
  borderRadius: 6,
  fontSize: 12,
  color: '#e2e8f0',
};

function seriesName(field: string): string {
  return field === 'value' ? 'Value' : humanizeKey(field);
}

/**
 * One numeric analytics series as a small chart (recharts, loaded only with the demo). The chart is a picture
 * for sighted users; the same figures are in a table for screen readers.
 */
export function AnalyticsChart({ entry }: { entry: ChartEntry }) {
  const titleId = useId();
  const format = (value: number) => (entry.percent ? formatFraction(value) : formatNumber(value));
  const tooltipFormatter = (value: unknown, name: unknown) =>
    [typeof value === 'number' ? format(value) : String(value), seriesName(String(name))] as [string, string];
  const margin = { top: 8, right: 8, bottom: 0, left: -12 };
  const common = (
    <>
      <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey="label"
        tick={AXIS_TICK}
        tickLine={false}
        axisLine={{ stroke: GRID_STROKE }}
        interval="preserveStartEnd"
      />
      <YAxis
        tick={AXIS_TICK}
        tickLine={false}
        axisLine={false}
        width={48}
        tickFormatter={(value: number) => format(value)}
      />
      <Tooltip
        contentStyle={TOOLTIP_STYLE}
        labelStyle={{ color: '#94a3b8' }}
        cursor={{ fill: 'rgb(148 163 184 / 0.08)' }}
        formatter={tooltipFormatter}
      />
    </>
  );

  return (
    <figure aria-labelledby={titleId} className="grid gap-2 rounded-md border bg-surface p-3">
      <figcaption
        id={titleId}
        className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase"
      >
        {entry.title}
      </figcaption>
      <div aria-hidden="true" className="h-44">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 176 }}>
          {entry.variant === 'bar' ? (
            <BarChart data={entry.rows} margin={margin}>
              {common}
              {entry.series.map((field, index) => (
                <Bar
                  key={field}
                  dataKey={field}
                  name={field}
                  fill={SERIES_COLORS[index % SERIES_COLORS.length]}
                  radius={[3, 3, 0, 0]}
                  maxBarSize={36}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          ) : (
            <LineChart data={entry.rows} margin={margin}>
              {common}
              {entry.series.map((field, index) => (
                <Line
                  key={field}
                  dataKey={field}
                  name={field}
                  type="monotone"
                  stroke={SERIES_COLORS[index % SERIES_COLORS.length]}
                  strokeWidth={2}
                  dot={{ r: 3 }}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          )}
        </ResponsiveContainer>
      </div>
      {entry.series.length > 1 && (
        <ul aria-hidden="true" className="flex flex-wrap gap-3 text-xs text-muted-foreground">
          {entry.series.map((field, index) => (
            <li key={field} className="flex items-center gap-1.5">
              <span
                className="size-2.5 rounded-sm"
                style={{ background: SERIES_COLORS[index % SERIES_COLORS.length] }}
              />
              {seriesName(field)}
            </li>
          ))}
        </ul>
      )}
      <table className="sr-only">
        <thead>
          <tr>
            <th scope="col">Label</th>
            {entry.series.map((field) => (
              <th key={field} scope="col">
                {seriesName(field)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entry.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {entry.series.map((field) => {
                const value = row[field];
                return <td key={field}>{typeof value === 'number' ? format(value) : value}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
