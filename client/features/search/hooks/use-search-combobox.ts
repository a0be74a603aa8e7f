import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { useLocation } from 'wouter';
import type { SearchResult } from '@contract/search';
import { sendSearchClick } from '@/features/search/api/record-search-click';
import { useSearchResults } from '@/features/search/api/get-search-results';
import { useTrendingSearches } from '@/features/search/api/get-trending-searches';
import { useDebouncedValue } from '@/features/search/hooks/use-debounced-value';
import { useRecentSearches } from '@/features/search/hooks/use-recent-searches';
import { MIN_QUERY_LENGTH, SEARCH_DEBOUNCE_MS } from '@/features/search/utils/search-limits';

/** Trending terms shown at most. */
const TRENDING_SHOWN = 6;

export type SearchOption =
  | { kind: 'recent' | 'trending'; id: string; text: string }
  | { kind: 'result'; id: string; result: SearchResult };

/**
 * The global search's combobox state: the text, the debounced query and its results, the recent and trending
 * suggestions below 2 characters, the open panel and the active option, and the handlers of the box (keyboard,
 * focus, outside clicks). Choosing a result records the click and navigates to the in-app path the API gives it.
 */
export function useSearchCombobox() {
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
  const options: SearchOption[] = searching
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

  // A click anywhere outside closes the panel.
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
    if (searching) sendSearchClick({ query: term, resultId: result.id, type: result.type });
    setText('');
    close();
    inputRef.current?.blur();
    navigate(result.url);
  }

  function choose(option: SearchOption) {
    if (option.kind === 'result') {
      // The results of an older text, shown dimmed while the next ones load, cannot be opened: the user is
      // looking at, and choosing from, what their text finds.
      if (!settled) return;
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

  return {
    inputId,
    listboxId,
    containerRef,
    inputRef,
    text,
    term,
    open,
    searching,
    settled,
    resultCount: resultItems.length,
    noResults,
    failed,
    options,
    activeOption,
    reopen: () => setOpen(true),
    setActiveIndex,
    choose,
    clear,
    onFocus,
    onChange,
    onKeyDown,
    onBlur,
  };
}
