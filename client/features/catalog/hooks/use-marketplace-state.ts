import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import {
  readMarketplaceState,
  writeMarketplaceState,
  type MarketplaceState,
} from '@/features/catalog/utils/marketplace-filters';

/**
 * The marketplace's filters, sort and view, kept in the URL's query string. Changes replace the history entry
 * (typing a search should not leave twenty Back steps behind).
 */
export function useMarketplaceState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readMarketplaceState(params), [params]);

  const update = useCallback(
    (patch: Partial<MarketplaceState>) =>
      setParams((previous) => writeMarketplaceState({ ...readMarketplaceState(previous), ...patch }), {
        replace: true,
      }),
    [setParams],
  );

  /** Drops every filter and the sort, keeping the chosen view. */
  const clearFilters = useCallback(
    () =>
      setParams(
        (previous) =>
          writeMarketplaceState({
            stock: 'all',
            sort: 'default',
            view: readMarketplaceState(previous).view,
          }),
        { replace: true },
      ),
    [setParams],
  );

  return { state, update, clearFilters };
}
