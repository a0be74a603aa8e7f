import { PackageOpen, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useVendorProducts } from '@/features/vendor/api/get-vendor-products';
import { SectionHeader } from '@/features/vendor/components/section-header';
import { ProductApprovalBadge } from '@/features/vendor/components/status-badges';
import { formatDate, formatINR } from '@/lib/format';

const HEADING_ID = 'vendor-inventory-heading';

/** The vendor's own products, newest first, each with its approval. */
export function ProductInventory({ onAddProduct }: { onAddProduct: () => void }) {
  const products = useVendorProducts();
  const items = products.data ?? [];

  return (
    <section aria-labelledby={HEADING_ID} aria-busy={products.isFetching}>
      <SectionHeader
        id={HEADING_ID}
        title="Product Inventory"
        description="Your products; each is listed in the marketplace once a Director approves it."
      >
        <Button onClick={onAddProduct}>
          <Plus aria-hidden="true" />
          Add Product
        </Button>
      </SectionHeader>

      {products.isPending ? (
        <div aria-hidden="true" className="grid gap-2">
          {Array.from({ length: 2 }, (_, index) => (
            <Skeleton key={index} className="h-16" />
          ))}
        </div>
      ) : products.isError ? (
        <LoadError
          className="items-center rounded-lg border border-dashed px-6 py-10 text-center"
          message="Your products could not be loaded."
          onRetry={() => void products.refetch()}
        />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
          <PackageOpen aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">No products yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Once your vendor application is approved, choose Add Product; new products wait for a Director’s
            approval before they are listed.
          </p>
        </div>
      ) : (
        <ul className="grid gap-2">
          {items.map((product) => (
            <li
              key={product.id}
              data-testid="vendor-product-row"
              className="grid gap-3 rounded-lg border bg-card px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
            >
              <div className="min-w-0 space-y-1">
                <p className="truncate font-medium">{product.name}</p>
                <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                  <div className="flex gap-1">
                    <dt>Price:</dt>
                    <dd className="font-mono text-foreground">{formatINR(product.price)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>Stock:</dt>
                    <dd className="font-mono text-foreground">{product.stockCount ?? 'Made to order'}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>Category:</dt>
                    <dd className="text-foreground">{product.category.name}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>Tier:</dt>
                    <dd className="font-mono text-foreground">{product.minimumTier}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>Added:</dt>
                    <dd className="text-foreground">
                      <time dateTime={product.createdAt}>{formatDate(product.createdAt)}</time>
                    </dd>
                  </div>
                </dl>
              </div>
              <div className="sm:justify-self-end">
                <ProductApprovalBadge status={product.approvalStatus} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
