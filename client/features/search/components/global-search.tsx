import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  BookOpen,
  Clock,
  FileSearch,
  Globe,
  Package,
  Search,
  Store,
  Tag,
  TrendingUp,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useLocation } from 'wouter';
import type { SearchResult, SearchResultType } from '@contract/search';
import { tierLabel } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useRecordSearchClick } from '@/features/search/api/record-search-click';
import { useSearchResults } from '@/features/search/api/get-search-results';
import { useTrendingSearches } from '@/features/search/api/get-trending-searches';
import { useDebouncedValue } from '@/features/search/hooks/use-debounced-value';
import { useRecentSearches } from '@/features/search/hooks/use-recent-searches';
import { RESULT_TYPE_LABELS } from '@/features/search/utils/result-types';
import {
  MAX_QUERY_LENGTH,
  MIN_QUERY_LENGTH,
  SEARCH_DEBOUNCE_MS,
} from '@/features/search/utils/search-limits';
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

/** Trending terms shown at most. */
const TRENDING_SHOWN = 6;

type Option =
  | { kind: 'recent' | 'trending'; id: string; text: string }
  | { kind: 'result'; id: string; result: SearchResult };

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
  option: Option;
  active: boolean;
  onChoose: () => void;
  onHover: () => void;
}

function OptionRow({ option, active, onChoose, onHover }: OptionRowProps) {
  const common = {
    id: option.id,
    role: 'option',
    'aria-selected': active,
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
        active && 'bg-accent text-accent-foreground',
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

/**
 * The global search of the top bar (spec 2.5): a combobox whose panel opens on focus, shows recent and trending
 * searches below 2 characters and results from 2, and closes on an outside click, Escape or the clear button.
 * Arrow keys move through the options, Enter opens one: the API gives each result the in-app path it opens
 * (a signed-out visitor's products open the marketplace, since product pages are for members).
 */
export function GlobalSearch() {
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Focus given back to the box by the clear button must not open the panel again.
  const keepClosedOnFocus = useRef(false);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [, navigate] = useLocation();
  const { recent, add: addRecent } = useRecentSearches();
  const recordClick = useRecordSearchClick();

  const term = text.trim();
  const searching = term.length >= MIN_QUERY_LENGTH;
  const debounced = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const results = useSearchResults(debounced, { enabled: open && searching });
  const trending = useTrendingSearches({ enabled: open });

  // New results start with no option active.
  const [activeFor, setActiveFor] = useState(debounced);
  if (activeFor !== debounced) {
    setActiveFor(debounced);
    setActiveIndex(-1);
  }

  const resultItems = searching && debounced.length >= MIN_QUERY_LENGTH ? (results.data ?? []) : [];
  const settled = debounced === term && !results.isFetching;
  const options: Option[] = searching
    ? resultItems.map((result, index) => ({ kind: 'result', id: `${baseId}-result-${index}`, result }))
    : [
        ...recent.map((item, index) => ({
          kind: 'recent' as const,
          id: `${baseId}-recent-${index}`,
          text: item,
        })),
        ...(trending.data ?? []).slice(0, TRENDING_SHOWN).map((item, index) => ({
          kind: 'trending' as const,
          id: `${baseId}-trending-${index}`,
          text: item,
        })),
      ];
  const active = activeIndex < options.length ? activeIndex : -1;
  const activeOption = open && active >= 0 ? options[active] : undefined;

  const noResults = searching && settled && results.isSuccess && resultItems.length === 0;
  const failed = searching && settled && results.isError;

  function close() {
    setOpen(false);
    setActiveIndex(-1);
  }

  // Spec 2.5: a click anywhere outside closes the panel.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (containerRef.current?.contains(event.target as Node)) return;
      setOpen(false);
      setActiveIndex(-1);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Keep the active option in view while the arrow keys move through a long list.
  const activeId = activeOption?.id;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  function openResult(result: SearchResult) {
    addRecent(term);
    if (searching) recordClick.mutate({ query: term, resultId: result.id, type: result.type });
    setText('');
    close();
    inputRef.current?.blur();
    navigate(result.url);
  }

  function choose(option: Option) {
    if (option.kind === 'result') {
      openResult(option.result);
      return;
    }
    setText(option.text);
    setActiveIndex(-1);
    setOpen(true);
    inputRef.current?.focus();
  }

  function clear() {
    setText('');
    close();
    keepClosedOnFocus.current = document.activeElement !== inputRef.current;
    inputRef.current?.focus();
  }

  function onFocus() {
    if (keepClosedOnFocus.current) {
      keepClosedOnFocus.current = false;
      return;
    }
    setOpen(true);
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    setText(value);
    setActiveIndex(-1);
    if (value.trim().length >= MIN_QUERY_LENGTH) setOpen(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          return;
        }
        if (options.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const start = active === -1 && step === -1 ? options.length : active;
        setActiveIndex((start + step + options.length) % options.length);
        return;
      }
      case 'Enter':
        if (activeOption) {
          event.preventDefault();
          choose(activeOption);
        } else if (searching) {
          event.preventDefault();
          addRecent(term);
        }
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        return;
    }
  }

  // Tabbing out of the box (and its clear button) closes the panel too.
  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!containerRef.current?.contains(event.relatedTarget as Node | null)) close();
  }

  const recentOptions = options.filter((option) => option.kind === 'recent');
  const trendingOptions = options.filter((option) => option.kind === 'trending');
  const row = (option: Option) => (
    <OptionRow
      key={option.id}
      option={option}
      active={option.id === activeOption?.id}
      onChoose={() => choose(option)}
      onHover={() => setActiveIndex(options.indexOf(option))}
    />
  );

  return (
    <div ref={containerRef} role="search" className="relative w-96" onBlur={onBlur}>
      <label htmlFor={inputId} className="sr-only">
        Search
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        ref={inputRef}
        id={inputId}
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={activeOption?.id}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={MAX_QUERY_LENGTH}
        placeholder="Search equipment, services, intel..."
        value={text}
        onChange={onChange}
        onFocus={onFocus}
        // A click in the box opens the panel again after Escape closed it (the box kept the focus).
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="h-9 pr-9 pl-9"
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          // Keep the focus in the box when clicked.
          onMouseDown={(event) => event.preventDefault()}
          onClick={clear}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}

      {open && (
        <div
          data-testid="search-panel"
          // Clicks inside the panel must not take the focus away from the box (that would close it).
          onMouseDown={(event) => event.preventDefault()}
          className="absolute inset-x-0 top-full z-50 mt-1.5 max-h-96 overflow-y-auto overscroll-contain rounded-md border bg-popover text-popover-foreground shadow-2xl shadow-black/60"
        >
          {searching ? (
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
              {!settled && resultItems.length === 0 && (
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
                Type at least {MIN_QUERY_LENGTH} characters to search equipment, services, investigations and
                intel.
              </p>
            </>
          )}
        </div>
      )}
      <p role="status" className="sr-only">
        {open && searching && settled && resultItems.length > 0
          ? `${resultItems.length} ${resultItems.length === 1 ? 'result' : 'results'} available`
          : ''}
      </p>
    </div>
  );
}
