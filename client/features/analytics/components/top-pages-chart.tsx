import type { AnalyticsDashboard } from '@contract/analytics';
import { chartColor } from '@/features/analytics/utils/chart-theme';
import { formatCount } from '@/lib/format';

type TopPage = AnalyticsDashboard['userActivity']['topPages'][number];

const SERIES = [
  { key: 'views', label: 'Views', color: chartColor(0) },
  { key: 'uniqueVisitors', label: 'Unique visitors', color: chartColor(1) },
] as const;

/** The share of the longest bar, as a width; a value above 0 stays visible. */
function barWidth(value: number, max: number): string {
  if (value <= 0) return '0%';
  return `${Math.max(2, (value / max) * 100)}%`;
}

/**
 * The most viewed pages as a table first: each page's path in full on its own line, its two figures in columns, and
 * under the path a bar for each figure on one scale, with a legend naming the colours. Paths never overlap however
 * many pages or however narrow the screen (a column chart's labels under the axis did).
 */
export function TopPagesChart({ pages }: { pages: readonly TopPage[] }) {
  const max = Math.max(1, ...pages.flatMap((page) => [page.views, page.uniqueVisitors]));
  return (
    <div className="grid gap-3">
      <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-2.5 rounded-sm"
              style={{ backgroundColor: series.color }}
            />
            {series.label}
          </li>
        ))}
      </ul>
      <table className="w-full text-sm">
        <caption className="sr-only">Top pages</caption>
        <thead className="text-left font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="pb-2 font-medium">
              Page
            </th>
            <th scope="col" className="pb-2 pl-3 text-right font-medium">
              Views
            </th>
            <th scope="col" className="pb-2 pl-3 text-right font-medium">
              Unique visitors
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {pages.map((page) => (
            <tr key={page.page} data-testid="top-page" className="align-top">
              <th scope="row" className="w-full py-2.5 text-left font-normal">
                <span className="block font-mono text-xs break-all">{page.page}</span>
                <span aria-hidden="true" className="mt-1.5 grid gap-1">
                  {SERIES.map((series) => (
                    <span
                      key={series.key}
                      data-testid={`top-page-bar-${series.key}`}
                      className="block h-1.5 rounded-full"
                      style={{ width: barWidth(page[series.key], max), backgroundColor: series.color }}
                    />
                  ))}
                </span>
              </th>
              <td className="py-2.5 pl-3 text-right tabular-nums">{formatCount(page.views)}</td>
              <td className="py-2.5 pl-3 text-right tabular-nums">{formatCount(page.uniqueVisitors)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
