import { useEffect, useRef, type KeyboardEvent } from 'react';
import { GlobalSearch } from '@/features/search/components/global-search';

export const MOBILE_SEARCH_ID = 'mobile-search';
export const MOBILE_SEARCH_TOGGLE_ID = 'mobile-search-toggle';

/**
 * The top bar's search below the large breakpoint, where the bar has no room for the 24rem box: a row under the
 * bar, opened by the search button, with the same search at the full width. It takes the focus when it opens
 * (which shows the recent and trending searches); Escape closes the results, clears the text, then closes the row.
 */
export function MobileSearch({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector('input')?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The search's own Escape closes its results, then clears the text (and says so); then the row closes.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    onClose();
    document.getElementById(MOBILE_SEARCH_TOGGLE_ID)?.focus();
  };

  return (
    <div
      ref={ref}
      id={MOBILE_SEARCH_ID}
      onKeyDown={onKeyDown}
      // The search box is 24rem wide in the top bar; here it takes the row.
      className="border-t px-3 py-2 sm:px-6 lg:hidden [&_[role=search]]:w-full"
    >
      <GlobalSearch />
    </div>
  );
}
