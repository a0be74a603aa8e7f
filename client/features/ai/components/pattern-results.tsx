import { useId } from 'react';
import {
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DataPoint, PatternResults as Results } from '@contract/ai';
import { formatFigure, formatSigned, TREND_LABELS } from '@/features/ai/utils/labels';

const AXIS_TICK = { fill: '#94a3b8', fontSize: 11 };
const GRID_STROKE = '#1e293b';
const TOOLTIP_STYLE = {
  background: '#111821',
  border: '1px solid #1e293b',
  borderRadius: 6,
  fontSize: 12,
  color: '#e2e8f0',
};
/** Dots on every point only while they stay apart. */
const MAX_DOTTED_POINTS = 60;

const pointValue = (point: DataPoint) => (typeof point === 'number' ? point : point.value);
const pointName = (point: DataPoint, index: number) =>
  typeof point === 'number' ? `#${index + 1}` : (point.label ?? point.timestamp ?? `#${index + 1}`);

/** The points with the fitted line, anomalies as red dots and change points as vertical lines. */
function PatternChart({ points, results }: { points: DataPoint[]; results: Results }) {
  const titleId = useId();
  const anomalies = new Set(results.anomalies.map((anomaly) => anomaly.index));
  const data = points.map((point, index) => {
    const value = pointValue(point);
    return {
      index,
      name: pointName(point, index),
      value,
      trend: results.trend.intercept + results.trend.slope * index,
      anomaly: anomalies.has(index) ? value : null,
    };
  });
  return (
    <figure aria-labelledby={titleId} className="grid gap-2 rounded-md border bg-surface p-3">
      <figcaption
        id={titleId}
        className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase"
      >
        Data, trend line, anomalies and change points
      </figcaption>
      <div aria-hidden="true" className="h-56" data-testid="pattern-chart">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
            <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="index"
              type="number"
              domain={[0, Math.max(0, data.length - 1)]}
              tick={AXIS_TICK}
              tickLine={false}
              axisLine={{ stroke: GRID_STROKE }}
              tickFormatter={(index: number) => data[index]?.name ?? ''}
            />
            <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={56} />
            <Tooltip
              contentStyle={TOOLTIP_STYLE}
              labelStyle={{ color: '#94a3b8' }}
              labelFormatter={(index) => data[Number(index)]?.name ?? ''}
              formatter={(value, name) => [
                typeof value === 'number' ? formatFigure(value) : String(value),
                String(name),
              ]}
            />
            {results.changePoints.map((change) => (
              <ReferenceLine key={change.index} x={change.index} stroke="#f59e0b" strokeDasharray="4 3" />
            ))}
            <Line
              name="Value"
              dataKey="value"
              stroke="#10b981"
              strokeWidth={2}
              dot={data.length <= MAX_DOTTED_POINTS}
              isAnimationActive={false}
            />
            <Line
              name="Trend"
              dataKey="trend"
              stroke="#38bdf8"
              strokeDasharray="6 4"
              dot={false}
              isAnimationActive={false}
            />
            <Scatter name="Anomaly" dataKey="anomaly" fill="#f87171" isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Summary statistics, the trend, and the anomalies and change points in words as well as on the chart. */
export function PatternResults({ points, results }: { points: DataPoint[]; results: Results }) {
  const stats: [string, number][] = [
    ['Count', results.count],
    ['Min', results.min],
    ['Max', results.max],
    ['Mean', results.mean],
    ['Median', results.median],
    ['Std. deviation', results.standardDeviation],
  ];
  const { trend } = results;
  return (
    <div className="grid gap-4">
      <dl aria-label="Statistics" className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {stats.map(([label, value]) => (
          <div key={label} className="rounded-md border px-2 py-1.5">
            <dt className="text-[0.7rem] text-muted-foreground">{label}</dt>
            <dd className="font-mono text-sm">{formatFigure(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm" data-testid="pattern-trend">
        <span className="font-semibold">Trend: {TREND_LABELS[trend.direction]}</span>
        <span className="text-muted-foreground">
          {' '}
          (slope {formatSigned(trend.slope)} per point, intercept {formatFigure(trend.intercept)}, R²{' '}
          {formatFigure(trend.rSquared)})
        </span>
      </p>
      <PatternChart points={points} results={results} />
      <div className="grid gap-3 sm:grid-cols-2">
        <section className="grid gap-1">
          <h5 className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">Anomalies</h5>
          {results.anomalies.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              None (robust z-score above {formatFigure(results.anomalyDetection.threshold)})
            </p>
          ) : (
            <ul aria-label="Anomalies" className="grid gap-0.5 text-sm">
              {results.anomalies.map((anomaly) => (
                <li key={anomaly.index}>
                  {anomaly.label ?? `Point ${anomaly.index + 1}`}: {formatFigure(anomaly.value)}{' '}
                  <span className="text-muted-foreground">(z {formatSigned(anomaly.robustZ)})</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="grid gap-1">
          <h5 className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
            Change points
          </h5>
          {results.changePoints.length === 0 ? (
            <p className="text-sm text-muted-foreground">No shift in level</p>
          ) : (
            <ul aria-label="Change points" className="grid gap-0.5 text-sm">
              {results.changePoints.map((change) => (
                <li key={change.index}>
                  From {change.label ?? `point ${change.index + 1}`}: mean {formatFigure(change.meanBefore)} →{' '}
                  {formatFigure(change.meanAfter)}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
