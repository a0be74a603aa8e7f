// Types only: the contract's module brings zod, which the first page does not load.
import type { ReviewCounts, ReviewQueue } from '@contract/review';
import { paths } from '@/config/paths';

export interface ReviewQueueLink {
  queue: ReviewQueue;
  label: string;
  /**
   * Where the queue is worked through. A queue that is a section of a longer page (the secure channel's is below
   * the form) carries its heading's id as the hash, which the menus scroll into view after the navigation.
   */
  href: string;
}

const APPROVALS = paths.payments.getHref('approvals');
const SECURE_CHANNEL_QUEUE = `${paths.secureChannel.getHref()}#secure-channel-reviews-heading`;
const VENDOR_QUEUE = `${paths.vendor.getHref()}#vendor-review-queue-heading`;

/** The queues in menu order; `satisfies` keeps the names those of the contract's counts. */
const QUEUES = [
  'payments',
  'upgrades',
  'secureChannel',
  'vendorApplications',
  'vendorProducts',
] as const satisfies readonly ReviewQueue[];

const LINKS: Record<ReviewQueue, Omit<ReviewQueueLink, 'queue'>> = {
  payments: { label: 'Pending payments', href: APPROVALS },
  upgrades: { label: 'Tier 4 upgrades', href: APPROVALS },
  secureChannel: { label: 'Secure channel requests', href: SECURE_CHANNEL_QUEUE },
  vendorApplications: { label: 'Vendor applications', href: VENDOR_QUEUE },
  vendorProducts: { label: 'Vendor products', href: VENDOR_QUEUE },
};

/** The Directors' review queues in menu order, each with where it is worked through. */
export const REVIEW_QUEUE_LINKS: readonly ReviewQueueLink[] = QUEUES.map((queue) => ({
  queue,
  ...LINKS[queue],
}));

/** Everything that waits, over every queue. */
export function reviewTotal(counts: ReviewCounts): number {
  return QUEUES.reduce((total, queue) => total + counts[queue], 0);
}

/** "3 waiting" / "nothing waiting", for a screen reader after the queue's name. */
export function waitingLabel(count: number): string {
  return count === 0 ? 'nothing waiting' : `${count} waiting`;
}
