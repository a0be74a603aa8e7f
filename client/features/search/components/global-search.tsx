import { lazy, Suspense } from 'react';
import { Search, X } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useSearchCombobox } from '@/features/search/hooks/use-search-combobox';
import { MAX_QUERY_LENGTH } from '@/features/search/utils/search-limits';

// The panel's code loads when the box is first focused (or hovered), not with every page (issue 19: landing JS).
const loadResultsList = () => import('@/features/search/components/search-results-list');
const SearchResultsList = lazy(() =>
  loadResultsList().then((module) => ({ default: module.SearchResultsList })),
);

/**
 * The global search of the top bar: a combobox whose panel opens on focus, shows recent and trending
 * searches below 2 characters and results from 2, and closes on an outside click, Escape or the clear button.
 * Arrow keys move through the options, Enter opens one: the API gives each result the in-app path it opens
 * (a signed-out visitor's products open the marketplace, since product pages are for members).
 */
export function GlobalSearch() {
  const {
    inputId,
    listboxId,
    containerRef,
    inputRef,
    text,
    term,
    open,
    searching,
    settled,
    resultCount,
    noResults,
    failed,
    options,
    activeOption,
    reopen,
    setActiveIndex,
    choose,
    clear,
    onFocus,
    onChange,
    onKeyDown,
    onBlur,
  } = useSearchCombobox();

  return (
    <div
      ref={containerRef}
      role="search"
      className="relative w-96"
      onBlur={onBlur}
      onPointerEnter={() => void loadResultsList()}
    >
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
        onClick={reopen}
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
          <Suspense
            fallback={
              <div className="flex justify-center p-4">
                <Spinner label="Loading search" />
              </div>
            }
          >
            <SearchResultsList
              listboxId={listboxId}
              searching={searching}
              settled={settled}
              term={term}
              resultCount={resultCount}
              noResults={noResults}
              failed={failed}
              options={options}
              activeId={activeOption?.id}
              onChoose={choose}
              onHover={setActiveIndex}
            />
          </Suspense>
        </div>
      )}
      <p role="status" className="sr-only">
        {open && searching && settled && resultCount > 0
          ? `${resultCount} ${resultCount === 1 ? 'result' : 'results'} available`
          : ''}
      </p>
    </div>
  );
}
