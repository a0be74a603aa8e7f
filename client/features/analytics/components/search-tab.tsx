import type { AnalyticsDashboard as AnalyticsDashboardData } from '@contract/analytics';
import { Empty, Figure, Panel } from '@/features/analytics/components/tab-parts';
import { formatCount, formatPercent } from '@/lib/format';

export function SearchTab({ data }: { data: AnalyticsDashboardData['search'] }) {
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Figure label="Total searches" value={formatCount(data.totalSearches)} />
        <Figure
          label="Average results per query"
          value={Number.isFinite(data.avgResultsPerQuery) ? data.avgResultsPerQuery.toFixed(1) : '—'}
        />
        <Figure
          label="Zero-result queries"
          value={formatCount(data.zeroResultQueries.reduce((sum, entry) => sum + entry.count, 0))}
          className="col-span-2 lg:col-span-1"
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel title="Top queries">
          {data.topQueries.length === 0 ? (
            <Empty>No searches yet.</Empty>
          ) : (
            <table className="w-full text-sm">
              <caption className="sr-only">Top queries</caption>
              <thead className="text-left font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="pb-2 font-medium">
                    Query
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Searches
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Click rate
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {data.topQueries.map((entry) => (
                  <tr key={entry.query}>
                    <td className="py-2 break-all">{entry.query}</td>
                    <td className="py-2 text-right tabular-nums">{formatCount(entry.count)}</td>
                    <td className="py-2 text-right tabular-nums">{formatPercent(entry.clickRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Panel>
        <Panel title="Queries with no results" description="What people look for and do not find.">
          {data.zeroResultQueries.length === 0 ? (
            <Empty>Every search found something.</Empty>
          ) : (
            <ul aria-label="Queries with no results" className="divide-y text-sm">
              {data.zeroResultQueries.map((entry) => (
                <li key={entry.query} className="flex items-center gap-3 py-2 first:pt-0 last:pb-0">
                  <span className="flex-1 break-all">{entry.query}</span>
                  <span className="tabular-nums text-muted-foreground">{formatCount(entry.count)}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}
