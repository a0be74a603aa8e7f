import { useDeferredValue, type ReactNode } from 'react';
import { PackageSearch, RotateCcw } from 'lucide-react';
import type { Product } from '@contract/catalog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useProducts } from '@/features/catalog/api/get-products';
import { MarketplaceToolbar, ViewToggle } from '@/features/catalog/components/marketplace-toolbar';
import { ProductCard } from '@/features/catalog/components/product-card';
import { useMarketplaceState } from '@/features/catalog/hooks/use-marketplace-state';
import { hasActiveFilters, toProductFilters } from '@/features/catalog/utils/marketplace-filters';
import { MARKETPLACE_PAGE_SIZE } from '@/lib/constants';
import { cn } from '@/lib/utils';

interface MarketplaceProps {
  /** Signed-in viewers may open a product's page (members only); for others the cards have no link. */
  canOpenProducts: boolean;
  /** The purchase control of each card, composed in by the route (it belongs to the cart). */
  renderProductAction?: (product: Product) => ReactNode;
  /** Beside the heading: the route's 'Upgrade Tier' button for members (it belongs to payments). */
  headerAction?: ReactNode;
}

function itemsFound(total: number): string {
  return `${total} ${total === 1 ? 'item' : 'items'} found`;
}

function LoadingCards() {
  return (
    <ul aria-hidden="true" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {Array.from({ length: 8 }, (_, index) => (
        <li key={index} className="overflow-hidden rounded-lg border bg-card">
          <Skeleton className="aspect-[4/3] rounded-none" />
          <div className="grid gap-2 p-4">
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-9 w-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The equipment catalogue: filters in the URL, the server filters and pages, 24 at a time. */
export function Marketplace({ canOpenProducts, renderProductAction, headerAction }: MarketplaceProps) {
  const { state, update, clearFilters } = useMarketplaceState();
  const products = useProducts(toProductFilters(state));
  const filtersActive = hasActiveFilters(state);

  // A page of results (24 cards, each with its add button) renders in the background, in slices React yields
  // between, instead of in one long task when it arrives; until then the placeholders or the previous results stay.
  const results = useDeferredValue(products.data);
  const loading = results === undefined && !products.isError;

  const pages = results?.pages ?? [];
  const items = pages.flatMap((page) => page.products);
  const total = pages[0]?.total;
  const updating = products.isPlaceholderData || (products.isFetching && !products.isFetchingNextPage);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <header className="mb-8 flex flex-col gap-4 border-b pb-6 md:flex-row md:items-end md:justify-between">
        <div className="space-y-2">
          <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Equipment</p>
          <h1 className="text-3xl font-bold tracking-tight">Tactical Marketplace</h1>
          <p className="max-w-2xl text-muted-foreground">
            Surveillance and audio equipment, protection gear, counter-surveillance kits and secure devices.
            Some items need a higher clearance tier.
          </p>
        </div>
        {headerAction}
      </header>

      <MarketplaceToolbar
        state={state}
        onChange={update}
        onClear={clearFilters}
        filtersActive={filtersActive}
      />

      <div className="mt-6 mb-4 flex min-h-9 items-center justify-between gap-4">
        <p role="status" aria-live="polite" className="flex items-center gap-2 text-sm text-muted-foreground">
          {total !== undefined && <span className="font-mono">{itemsFound(total)}</span>}
          {updating && total !== undefined && <Spinner className="[&_svg]:size-4" label="Updating results" />}
        </p>
        <ViewToggle view={state.view} onChange={(view) => update({ view })} />
      </div>

      {/* Busy too while the deferred render of arrived results is still behind: the cards shown are the old ones. */}
      <section aria-label="Equipment" aria-busy={updating || loading || results !== products.data}>
        {loading ? (
          <LoadingCards />
        ) : products.isError && items.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed px-6 py-16 text-center">
            <p role="alert" className="text-muted-foreground">
              The catalogue could not be loaded. Check your connection and try again.
            </p>
            <Button variant="outline" onClick={() => void products.refetch()}>
              <RotateCcw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-16 text-center">
            <PackageSearch aria-hidden="true" className="size-10 text-muted-foreground" />
            <h2 className="text-lg font-semibold">No Equipment Found</h2>
            <p className="max-w-md text-sm text-muted-foreground">
              {filtersActive
                ? 'Nothing matches these filters. Try another search or clear the filters.'
                : 'The catalogue is empty at the moment.'}
            </p>
            {filtersActive && (
              <Button variant="outline" onClick={clearFilters}>
                Clear filters
              </Button>
            )}
          </div>
        ) : (
          <>
            <ul
              className={cn(
                'transition-opacity',
                state.view === 'grid'
                  ? 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4'
                  : 'flex flex-col gap-4',
                products.isPlaceholderData && 'opacity-60',
              )}
            >
              {items.map((product) => (
                <li key={product.id} className="flex">
                  <ProductCard
                    product={product}
                    layout={state.view}
                    href={canOpenProducts ? paths.product.getHref(product.id) : undefined}
                    action={renderProductAction?.(product)}
                  />
                </li>
              ))}
            </ul>
            {products.hasNextPage && (
              <div className="mt-8 flex flex-col items-center gap-2">
                <Button
                  variant="outline"
                  size="lg"
                  onClick={() => void products.fetchNextPage()}
                  disabled={products.isFetchingNextPage}
                >
                  {products.isFetchingNextPage && <Spinner label="Loading more" />}
                  Load more
                </Button>
                <p className="font-mono text-xs text-muted-foreground">
                  Showing {items.length} of {total} · {MARKETPLACE_PAGE_SIZE} per page
                </p>
                {products.isFetchNextPageError && (
                  <p role="alert" className="text-sm text-red-400">
                    More equipment could not be loaded. Try again.
                  </p>
                )}
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
