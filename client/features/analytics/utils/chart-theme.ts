/*
 * Chart colours as values: recharts draws SVG attributes, where the theme's CSS variables are not read.
 * They match client/styles.css (primary, blue, warning, violet, destructive, slate).
 */
export const CHART_COLORS = ['#10b981', '#3b82f6', '#f59e0b', '#a855f7', '#ef4444', '#64748b'] as const;

export const CHART_AXIS = { stroke: '#334155', tick: { fill: '#94a3b8', fontSize: 12 } } as const;
export const CHART_GRID = '#1e293b';

export const CHART_TOOLTIP = {
  contentStyle: { background: '#111821', border: '1px solid #1e293b', borderRadius: 6, fontSize: 12 },
  labelStyle: { color: '#e2e8f0' },
  itemStyle: { color: '#e2e8f0' },
  cursor: { fill: 'rgb(148 163 184 / 0.08)' },
} as const;

export function chartColor(index: number): string {
  return CHART_COLORS[index % CHART_COLORS.length]!;
}
