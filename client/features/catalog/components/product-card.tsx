import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Product } from '@contract/catalog';
import { tierLabel } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { ProductImage } from '@/features/catalog/components/product-image';
import { StockBadge } from '@/features/catalog/components/stock-badge';
import { ownImage, productIcon } from '@/features/catalog/utils/product-icons';
import { formatINR } from '@/lib/format';
import { cn } from '@/lib/utils';

export type ProductCardLayout = 'grid' | 'list';

interface ProductCardProps {
  product: Product;
  layout: ProductCardLayout;
  /**
   * The product page, for viewers who may open it (signed in: product pages are members only); without it the
   * card has no link.
   */
  href?: string;
  /** The purchase control (the cart's add button), composed in by the page. */
  action?: ReactNode;
}

/**
 * One product of the marketplace. With `href`, the name's link covers the whole card (a stretched link), while
 * the action button stays above it and clickable on its own.
 */
export function ProductCard({ product, layout, href, action }: ProductCardProps) {
  const list = layout === 'list';
  const icon = productIcon(product);
  const name = href ? (
    <Link
      href={href}
      className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:text-primary focus-visible:after:ring-2 focus-visible:after:ring-ring"
    >
      {product.name}
    </Link>
  ) : (
    product.name
  );

  return (
    <article
      aria-labelledby={`product-${product.id}-name`}
      data-testid="product-card"
      className={cn(
        'group relative flex w-full overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm transition-colors',
        href && 'hover:border-primary/60',
        list ? 'flex-col sm:flex-row' : 'flex-col',
      )}
    >
      <ProductImage
        src={ownImage(product.imageUrl)}
        icon={icon.icon}
        iconName={icon.name}
        className={cn(
          'aspect-[4/3] shrink-0 border-b',
          list && 'sm:aspect-auto sm:w-48 sm:border-r sm:border-b-0 md:w-56',
        )}
      />
      <div className={cn('flex flex-1 flex-col gap-3 p-4', list && 'sm:flex-row sm:items-start sm:gap-6')}>
        <div className="flex flex-1 flex-col gap-2">
          <p className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">
            {product.category.name}
          </p>
          <h2 id={`product-${product.id}-name`} className="leading-snug font-semibold">
            {name}
          </h2>
          <p className={cn('text-sm text-muted-foreground', list ? 'line-clamp-3' : 'line-clamp-2')}>
            {product.description}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{tierLabel(product.minimumTier)}</Badge>
            <StockBadge product={product} />
          </div>
        </div>
        <div
          className={cn(
            'mt-auto flex flex-col gap-3',
            list && 'sm:mt-0 sm:w-52 sm:shrink-0 sm:items-stretch sm:text-right',
          )}
        >
          <p className="font-mono text-lg font-semibold text-foreground">
            <span className="sr-only">Price: </span>
            {formatINR(product.price)}
          </p>
          {/* Above the stretched link, so the button gets its own clicks. */}
          {action && <div className="relative z-10 [&>*]:w-full">{action}</div>}
        </div>
      </div>
    </article>
  );
}
