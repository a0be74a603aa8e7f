import { CountBadge } from '@/components/ui/count-badge';

/** The number of cart lines on a cart icon (nothing when there are none). Screen readers get it from the label. */
export function CartCountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <CountBadge data-testid="cart-count" className={className}>
      {count > 99 ? '99+' : count}
    </CountBadge>
  );
}
