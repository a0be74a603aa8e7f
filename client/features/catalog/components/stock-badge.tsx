import type { Product } from '@contract/catalog';
import { stockBadge } from '@contract/catalog-filters';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const variants = {
  'OUT OF STOCK': 'destructive',
  LIMITED: 'warning',
  'IN STOCK': 'default',
} as const satisfies Record<ReturnType<typeof stockBadge>, BadgeProps['variant']>;

/** OUT OF STOCK, LIMITED (fewer than 10 counted) or IN STOCK. */
export function StockBadge({
  product,
  className,
}: {
  product: Pick<Product, 'inStock' | 'stockCount'>;
  className?: string;
}) {
  const label = stockBadge(product);
  return (
    <Badge variant={variants[label]} className={className}>
      {label}
    </Badge>
  );
}
