import type { ComponentProps, ReactNode } from 'react';
import { ChevronRight, PackageX, RotateCcw, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import type { ProductDetail as ProductDetailData } from '@contract/catalog';
import { DIRECTOR_TIER, tierLabel } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useProduct } from '@/features/catalog/api/get-product';
import { ProductImage } from '@/features/catalog/components/product-image';
import { ownImage, productIcon } from '@/features/catalog/utils/product-icons';
import { ProductReviews } from '@/features/catalog/components/product-reviews';
import { ProductTaxForm } from '@/features/catalog/components/product-tax-form';
import { Stars } from '@/features/catalog/components/stars';
import { StockBadge } from '@/features/catalog/components/stock-badge';
import { ApiError } from '@/lib/api-client';
import { formatINR } from '@/lib/format';

interface ProductDetailProps {
  productId: string;
  /** The viewer's clearance tier, for the 'Access Restricted' notice (and a Director's tax details form). */
  viewerTier: number;
  /** The quantity selector and add button (they belong to the cart), composed in by the route. */
  renderPurchase?: (product: ProductDetailData) => ReactNode;
}

function marketplaceHref(category?: string): string {
  const base = paths.marketplace.getHref();
  return category ? `${base}?${new URLSearchParams({ category })}` : base;
}

function stockText(product: ProductDetailData): string {
  if (!product.inStock) return 'Currently unavailable';
  if (product.stockCount === null) return 'Available to order';
  return `${product.stockCount} in stock`;
}

/** One fact of the Details tab: its label above its value. */
function Fact({ label, children, ...value }: { label: string; children: ReactNode } & ComponentProps<'dd'>) {
  return (
    <div className="grid gap-1">
      <dt className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">{label}</dt>
      <dd {...value}>{children}</dd>
    </div>
  );
}

function ProductNotFound() {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center gap-5 px-4 py-20 text-center">
      <PackageX aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-3xl font-bold tracking-tight">Product Not Found</h1>
      <p className="max-w-prose text-muted-foreground">
        This item is not in the catalogue. It may have been withdrawn, or the link is wrong.
      </p>
      <Button asChild>
        <Link href={paths.marketplace.getHref()}>Return to Marketplace</Link>
      </Button>
    </section>
  );
}

function LoadingProduct() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6" aria-busy="true">
      <span role="status" className="sr-only">
        Loading product
      </span>
      <Skeleton className="mb-8 h-4 w-64" />
      <div className="grid gap-10 md:grid-cols-2">
        <Skeleton className="aspect-[4/3]" />
        <div className="grid content-start gap-4">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-24" />
          <Skeleton className="h-11" />
        </div>
      </div>
    </div>
  );
}

/**
 * The product page: breadcrumb, picture, tier, price, stock, purchase, and three tabs; Directors set the HSN code
 * and GST rate on the Details tab.
 */
export function ProductDetail({ productId, viewerTier, renderPurchase }: ProductDetailProps) {
  const query = useProduct(productId);

  if (query.isPending) return <LoadingProduct />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <ProductNotFound />;
    return (
      <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center gap-5 px-4 py-20 text-center">
        <h1 className="text-2xl font-bold tracking-tight">This product could not be loaded</h1>
        <p className="text-muted-foreground">Check your connection and try again.</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </section>
    );
  }

  const product = query.data;
  const restricted = viewerTier < product.minimumTier;
  const specifications = Object.entries(product.specifications);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="mb-6">
        <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
          <li>
            <Link href={marketplaceHref()} className="hover:text-foreground">
              Marketplace
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-3.5" />
          </li>
          <li>
            <Link href={marketplaceHref(product.category.slug)} className="hover:text-foreground">
              {product.category.name}
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-3.5" />
          </li>
          <li aria-current="page" className="max-w-[40ch] truncate text-foreground">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        <ProductImage
          src={ownImage(product.imageUrl)}
          icon={productIcon(product).icon}
          iconName={productIcon(product).name}
          eager
          className="aspect-[4/3] rounded-lg border"
        />

        <div className="flex flex-col gap-5">
          <div className="grid gap-2">
            <p className="font-mono text-xs tracking-[0.25em] text-muted-foreground uppercase">
              {product.category.name}
            </p>
            <h1 className="text-3xl font-bold tracking-tight text-balance">{product.name}</h1>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{tierLabel(product.minimumTier)}</Badge>
              <StockBadge product={product} />
              {product.averageRating !== null && product.reviewCount > 0 && (
                <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
                  <Stars rating={product.averageRating} />
                  <span>({product.reviewCount})</span>
                </span>
              )}
            </div>
          </div>

          <div className="grid gap-1">
            <p className="font-mono text-3xl font-bold">
              <span className="sr-only">Price: </span>
              {formatINR(product.price)}
            </p>
            <p className="text-sm text-muted-foreground">{stockText(product)}</p>
          </div>

          <p className="text-muted-foreground">{product.description}</p>

          {restricted && (
            <div
              role="note"
              aria-labelledby="access-restricted-heading"
              className="flex gap-3 rounded-lg border border-destructive/60 bg-destructive/10 p-4"
            >
              <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-400" />
              <div className="grid gap-1">
                <p id="access-restricted-heading" className="font-semibold text-red-300">
                  Access Restricted
                </p>
                <p className="text-sm text-red-200/90">
                  This equipment requires {tierLabel(product.minimumTier)} clearance. Your clearance is{' '}
                  {tierLabel(viewerTier)}.
                </p>
                <Link
                  href={paths.payments.getHref()}
                  className="text-sm font-medium text-red-300 underline underline-offset-4 hover:text-red-200"
                >
                  Upgrade your clearance
                </Link>
              </div>
            </div>
          )}

          {renderPurchase?.(product)}
        </div>
      </div>

      <Tabs defaultValue="specifications" className="mt-12">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="specifications">Specifications</TabsTrigger>
          <TabsTrigger value="details">Details</TabsTrigger>
          <TabsTrigger value="reviews">Reviews ({product.reviewCount})</TabsTrigger>
        </TabsList>

        <TabsContent value="specifications">
          {specifications.length === 0 ? (
            <p className="text-sm text-muted-foreground">No specifications listed for this item.</p>
          ) : (
            <div className="overflow-hidden rounded-lg border">
              <table className="w-full text-sm">
                <caption className="sr-only">Specifications of {product.name}</caption>
                <tbody className="divide-y">
                  {specifications.map(([key, value]) => (
                    <tr key={key} className="even:bg-surface">
                      <th
                        scope="row"
                        className="w-2/5 px-4 py-3 text-left align-top font-mono text-xs font-medium tracking-wider text-muted-foreground uppercase"
                      >
                        {key}
                      </th>
                      <td className="px-4 py-3">{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </TabsContent>

        <TabsContent value="details">
          <div className="grid gap-6 md:grid-cols-[2fr_1fr]">
            <p className="leading-relaxed text-muted-foreground">{product.description}</p>
            <dl className="grid content-start gap-4 rounded-lg border bg-card p-5 text-sm">
              <Fact label="Category">
                <Link
                  href={marketplaceHref(product.category.slug)}
                  className="text-primary underline underline-offset-4 hover:text-primary/80"
                >
                  {product.category.name}
                </Link>
              </Fact>
              <Fact label="Minimum tier">
                <Badge variant="secondary">{tierLabel(product.minimumTier)}</Badge>
              </Fact>
              <Fact label="Stock" className="flex flex-wrap items-center gap-2">
                <StockBadge product={product} />
                <span className="text-muted-foreground">{stockText(product)}</span>
              </Fact>
              <Fact label="HSN code" className="font-mono" data-testid="product-hsn">
                {product.hsnCode}
              </Fact>
              <Fact label="GST" data-testid="product-gst">
                {product.gstRate} %, included in the price
              </Fact>
            </dl>
          </div>
          {viewerTier >= DIRECTOR_TIER && (
            // Keyed by the saved values: a change saved (here or elsewhere) starts the form from it.
            <ProductTaxForm
              key={`${product.hsnCode}-${product.gstRate}`}
              product={product}
              className="mt-6"
            />
          )}
        </TabsContent>

        <TabsContent value="reviews">
          <ProductReviews product={product} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
