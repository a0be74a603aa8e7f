import type { ReactNode } from 'react';
import {
  BookOpen,
  Clock,
  FileSearch,
  Globe,
  Package,
  Store,
  Tag,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react';
import type { SearchResultType } from '@contract/search';
import { tierLabel } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import type { SearchOption } from '@/features/search/hooks/use-search-combobox';
import { RESULT_TYPE_LABELS } from '@/features/search/utils/result-types';
import { MIN_QUERY_LENGTH } from '@/features/search/utils/search-limits';
import { formatINR } from '@/lib/format';
import { cn } from '@/lib/utils';

const TYPE_ICONS: Record<SearchResultType, LucideIcon> = {
  product: Package,
  service: Globe,
  investigation: FileSearch,
  blog: BookOpen,
  vendor: Store,
  other: Tag,
};

function GroupHeading({ children }: { children: ReactNode }) {
  return (
    <div
      aria-hidden="true"
      className="px-3 pt-3 pb-1.5 font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase"
    >
      {children}
    </div>
  );
}

interface OptionRowProps {
  option: SearchOption;
  active: boolean;
  /** A result of an older text while the next results load: shown, not openable. */
  stale?: boolean;
  onChoose: () => void;
  onHover: () => void;
}

function OptionRow({ option, active, stale = false, onChoose, onHover }: OptionRowProps) {
  const common = {
    id: option.id,
    role: 'option',
    'aria-selected': active,
    'aria-disabled': stale || undefined,
    'data-active': active || undefined,
    onClick: onChoose,
    onPointerMove: onHover,
  } as const;

  if (option.kind !== 'result') {
    const Icon = option.kind === 'recent' ? Clock : TrendingUp;
    return (
      <div
        {...common}
        className={cn(
          'flex cursor-pointer items-center gap-2.5 px-3 py-2 text-sm',
          active && 'bg-accent text-accent-foreground',
        )}
      >
        <Icon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
        <span className="truncate">{option.text}</span>
      </div>
    );
  }

  const { result } = option;
  const Icon = TYPE_ICONS[result.type] ?? Tag;
  return (
    <div
      {...common}
      data-testid="search-result"
      className={cn(
        'flex cursor-pointer gap-3 border-b px-3 py-2.5 last:border-b-0',
        stale && 'cursor-progress',
        active && !stale && 'bg-accent text-accent-foreground',
      )}
    >
      <span
        className={cn(
          'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md border bg-surface',
          active ? 'text-primary' : 'text-muted-foreground',
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-start justify-between gap-2">
          <p className="line-clamp-1 text-sm font-medium">{result.title}</p>
          {result.price !== null && (
            <span className="shrink-0 font-mono text-xs font-semibold">{formatINR(result.price)}</span>
          )}
        </div>
        {result.description && (
          <p className="line-clamp-2 text-xs text-muted-foreground">{result.description}</p>
        )}
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="secondary">{RESULT_TYPE_LABELS[result.type] ?? result.type}</Badge>
          {result.tier !== null && <Badge variant="outline">{tierLabel(result.tier)}</Badge>}
          {result.category && (
            <span className="truncate text-[0.7rem] text-muted-foreground">{result.category}</span>
          )}
        </div>
      </div>
    </div>
  );
}

interface SearchResultsListProps {
  listboxId: string;
  /** At least the minimum characters typed: results, else recent and trending suggestions. */
  searching: boolean;
  /** The results are those of the text in the box. */
  settled: boolean;
  term: string;
  resultCount: number;
  noResults: boolean;
  failed: boolean;
  options: SearchOption[];
  activeId: string | undefined;
  onChoose: (option: SearchOption) => void;
  onHover: (index: number) => void;
}

/** The options of the search panel: results with their states while searching, else the suggestions in groups. */
export function SearchResultsList({
  listboxId,
  searching,
  settled,
  term,
  resultCount,
  noResults,
  failed,
  options,
  activeId,
  onChoose,
  onHover,
}: SearchResultsListProps) {
  const recentOptions = options.filter((option) => option.kind === 'recent');
  const trendingOptions = options.filter((option) => option.kind === 'trending');
  const row = (option: SearchOption) => (
    <OptionRow
      key={option.id}
      option={option}
      active={option.id === activeId}
      stale={searching && !settled}
      onChoose={() => onChoose(option)}
      onHover={() => onHover(options.indexOf(option))}
    />
  );

  return searching ? (
    <>
      <div
        role="listbox"
        id={listboxId}
        aria-label="Search results"
        aria-busy={!settled}
        className={cn('transition-opacity', !settled && 'opacity-60')}
      >
        {options.map(row)}
      </div>
      {!settled && resultCount === 0 && (
        <div className="flex items-center gap-2 px-3 py-4 text-sm text-muted-foreground">
          <Spinner className="[&_svg]:size-4" label="Searching" />
          Searching...
        </div>
      )}
      {noResults && (
        <p role="status" className="px-3 py-6 text-center text-sm text-muted-foreground">
          No results found for "{term}"
        </p>
      )}
      {failed && (
        <p role="alert" className="px-3 py-6 text-center text-sm text-muted-foreground">
          Search is unavailable right now. Please try again.
        </p>
      )}
    </>
  ) : (
    <>
      <div role="listbox" id={listboxId} aria-label="Suggestions" className="pb-1.5">
        {recentOptions.length > 0 && (
          <div role="group" aria-label="Recent searches">
            <GroupHeading>Recent searches</GroupHeading>
            {recentOptions.map(row)}
          </div>
        )}
        {trendingOptions.length > 0 && (
          <div role="group" aria-label="Trending">
            <GroupHeading>Trending</GroupHeading>
            {trendingOptions.map(row)}
          </div>
        )}
      </div>
      <p className="border-t px-3 py-2 text-xs text-muted-foreground">
        Type at least {MIN_QUERY_LENGTH} characters to search equipment, services, investigations and intel.
      </p>
    </>
  );
}
