import { PackageOpen, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState, QueryStates } from '@/components/ui/list-states';
import { useVendorProducts } from '@/features/vendors/api/get-vendor-products';
import { SectionHeader } from '@/features/vendors/components/section-header';
import { ProductApprovalBadge } from '@/features/vendors/components/status-badges';
import { formatDate, formatINR } from '@/lib/format';

const HEADING_ID = 'vendor-inventory-heading';

/** The vendor's own products, newest first, each with its approval. */
export function ProductInventory({ onAddProduct }: { onAddProduct: () => void }) {
  const products = useVendorProducts();

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

      <QueryStates
        query={products}
        loading={{ label: 'Loading products', className: 'gap-2', rowClassName: 'h-16' }}
        error={{
          message: 'Your products could not be loaded.',
          className: 'items-center rounded-lg border border-dashed px-6 py-10 text-center',
        }}
        empty={
          <EmptyState icon={PackageOpen} title="No products yet" descriptionClassName="max-w-sm">
            Once your vendor application is approved, choose Add Product; new products wait for a Director’s
            approval before they are listed.
          </EmptyState>
        }
      >
        {(items) => (
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
      </QueryStates>
    </section>
  );
}
