import { Package } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * A product's picture, or a neutral placeholder when it has none. Decorative (empty alt): the product's name is
 * always next to it.
 */
export function ProductImage({
  src,
  className,
  eager = false,
}: {
  src: string | null;
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
        <div className="flex size-full items-center justify-center">
          <Package aria-hidden="true" className="size-10 text-muted-foreground/60" />
        </div>
      )}
    </div>
  );
}
