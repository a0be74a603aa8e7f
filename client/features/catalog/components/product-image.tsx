import { Package, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * A product's picture, or, when it has none of its own, an icon of what it is (the catalog's `productIcon`) on the
 * card's grid. Decorative (empty alt, hidden icon): the product's name is always next to it.
 */
export function ProductImage({
  src,
  icon: Icon = Package,
  iconName = 'package',
  className,
  eager = false,
}: {
  src: string | null;
  /** Shown without a picture. */
  icon?: LucideIcon;
  /** The icon's name, for tests (data-icon). */
  iconName?: string;
  className?: string;
  /** Load at once (the product page's main image) instead of when scrolled near. */
  eager?: boolean;
}) {
  return (
    <div className={cn('relative overflow-hidden bg-surface', className)}>
      {src ? (
        <img
          src={src}
          alt=""
          width={400}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div
          data-testid="product-icon"
          data-icon={iconName}
          className="bg-grid flex size-full items-center justify-center bg-gradient-to-br from-primary/10 via-transparent to-transparent"
        >
          <span className="flex size-20 items-center justify-center rounded-full border border-primary/30 bg-background/70 shadow-inner shadow-primary/10">
            <Icon aria-hidden="true" strokeWidth={1.5} className="size-10 text-primary" />
          </span>
        </div>
      )}
    </div>
  );
}
