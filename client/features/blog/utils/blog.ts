import type { BlogClassification } from '@contract/blog';
import { tierLabel } from '@contract/tiers';
import type { BadgeProps } from '@/components/ui/badge';

/** The text a locked post shows instead of a link. */
export function upgradeMessage(requiredTier: number): string {
  return `Upgrade to ${tierLabel(requiredTier)} for access`;
}

/** PUBLIC reads as open, the tiers as progressively more restricted. */
export const CLASSIFICATION_BADGE: Record<
  BlogClassification,
  { label: string; variant: BadgeProps['variant'] }
> = {
  PUBLIC: { label: 'PUBLIC', variant: 'default' },
  TIER_1: { label: 'TIER 1', variant: 'warning' },
  TIER_2: { label: 'TIER 2', variant: 'destructive' },
};

/** '1 min read', '7 min read'. */
export function readTimeText(minutes: number): string {
  return `${minutes} min read`;
}
