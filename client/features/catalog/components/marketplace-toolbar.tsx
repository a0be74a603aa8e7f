import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import { LayoutGrid, List, Search, X } from 'lucide-react';
import {
  PRODUCT_SORTS,
  SEARCH_MAX_LENGTH,
  STOCK_FILTERS,
  type ProductSort,
  type StockFilter,
} from '@contract/catalog-filters';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OptionsSelect, type OptionsSelectProps } from '@/components/ui/form-field';
import { useCategories } from '@/features/catalog/api/get-categories';
import {
  SORT_LABELS,
  STOCK_LABELS,
  TIER_FILTER_OPTIONS,
  type MarketplaceState,
  type MarketplaceView,
} from '@/features/catalog/utils/marketplace-filters';
import { MARKETPLACE_SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { cn } from '@/lib/utils';

interface SearchFieldProps {
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
}

/**
 * The search box: what is typed goes to the URL (and so to the server) once typing pauses for 250 ms, or at
 * once on Enter. When the URL changes by itself (Clear filters, Back), the box shows what it says.
 */
function SearchField({ value = '', onSearch }: SearchFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    // Our own debounced write comes back trimmed: keep the trailing space the person is still typing after.
    if (value !== draft.trim()) setDraft(value);
  }

  const search = (text: string) => onSearch(text.trim() || undefined);
  const searchLater = useEffectEvent(search);
  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => searchLater(draft), MARKETPLACE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.trim() !== value) search(draft);
  }

  return (
    <form role="search" onSubmit={onSubmit} className="relative flex-1">
      <Label htmlFor={id} className="sr-only">
        Search equipment
      </Label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Search equipment, e.g. RF detector"
        autoComplete="off"
        className="h-10 pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {draft && (
        <button
          type="button"
          onClick={() => {
            setDraft('');
            onSearch(undefined);
          }}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Clear search</span>
        </button>
      )}
    </form>
  );
}

function FilterSelect<T>({
  label,
  onChange,
  ...selectProps
}: Omit<OptionsSelectProps<T>, 'id' | 'onChange'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">
        {label}
      </Label>
      <OptionsSelect {...selectProps} id={id} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

interface MarketplaceToolbarProps {
  state: MarketplaceState;
  onChange: (patch: Partial<MarketplaceState>) => void;
  onClear: () => void;
  filtersActive: boolean;
}

/** Search, category, tier, stock and sort, with 'Clear filters'. */
export function MarketplaceToolbar({ state, onChange, onClear, filtersActive }: MarketplaceToolbarProps) {
  const categories = useCategories();

  return (
    <section aria-label="Filters" className="grid gap-4 rounded-lg border bg-card p-4">
      <SearchField value={state.q} onSearch={(q) => onChange({ q })} />
      <div className="grid grid-cols-2 items-end gap-3 md:grid-cols-4 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]">
        <FilterSelect
          label="Category"
          value={state.category ?? ''}
          onChange={(category) => onChange({ category: category || undefined })}
          options={[
            ...(categories.data ?? []).map((category) => ({ slug: category.slug, name: category.name })),
            // A shared link may name a category this list has not loaded (yet): keep it selectable.
            ...(state.category && !categories.data?.some((category) => category.slug === state.category)
              ? [{ slug: state.category, name: state.category }]
              : []),
          ]}
          optionValue={(category) => category.slug}
          optionLabel={(category) => category.name}
        >
          <option value="">All categories</option>
        </FilterSelect>
        <FilterSelect
          label="Tier"
          value={state.tier === undefined ? '' : String(state.tier)}
          onChange={(tier) => onChange({ tier: tier ? Number(tier) : undefined })}
          options={TIER_FILTER_OPTIONS}
          optionLabel={(tier) => `Tier ${tier}`}
        >
          <option value="">All tiers</option>
        </FilterSelect>
        <FilterSelect
          label="Stock"
          value={state.stock}
          onChange={(stock) => onChange({ stock: stock as StockFilter })}
          options={STOCK_FILTERS}
          optionLabel={(stock) => STOCK_LABELS[stock]}
        />
        <FilterSelect
          label="Sort by"
          value={state.sort}
          onChange={(sort) => onChange({ sort: sort as ProductSort })}
          options={PRODUCT_SORTS}
          optionLabel={(sort) => SORT_LABELS[sort]}
        />
        <Button
          variant="outline"
          onClick={onClear}
          disabled={!filtersActive}
          className="col-span-2 md:col-span-4 lg:col-span-1"
        >
          <X aria-hidden="true" />
          Clear filters
        </Button>
      </div>
    </section>
  );
}

/** Grid or list: two toggle buttons, the pressed one is the current layout. */
export function ViewToggle({
  view,
  onChange,
}: {
  view: MarketplaceView;
  onChange: (view: MarketplaceView) => void;
}) {
  const options = [
    { value: 'grid', label: 'Grid view', icon: LayoutGrid },
    { value: 'list', label: 'List view', icon: List },
  ] as const;
  return (
    <div role="group" aria-label="Layout" className="inline-flex rounded-md border bg-surface p-0.5">
      {options.map(({ value, label, icon: Icon }) => (
        <Button
          key={value}
          variant="ghost"
          size="icon"
          aria-pressed={view === value}
          aria-label={label}
          title={label}
          onClick={() => onChange(value)}
          className={cn('size-8', view === value && 'bg-secondary text-primary hover:bg-secondary')}
        >
          <Icon aria-hidden="true" />
        </Button>
      ))}
    </div>
  );
}
