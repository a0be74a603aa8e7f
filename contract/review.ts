import { z } from 'zod';

/**
 * What waits for a Director (`GET /api/review/counts`, tier 4): one number per review queue, each counted by the
 * module that owns the queue, so the account menu can say where work is without loading the queues themselves.
 */
export const reviewCountsSchema = z.object({
  /** Payments still pending: crypto and bank transfers to confirm or fail (Payments > Approvals). */
  payments: z.number().int().nonnegative(),
  /** Tier 4 upgrades whose payment completed and which wait for a Director's approval (Payments > Approvals). */
  upgrades: z.number().int().nonnegative(),
  /** Secure channel requests waiting for the security review (Secure Channel, below the form). */
  secureChannel: z.number().int().nonnegative(),
  /** Vendor applications waiting for a decision (Vendor portal, review queue). */
  vendorApplications: z.number().int().nonnegative(),
  /** Vendor products waiting for approval before they are listed (Vendor portal, review queue). */
  vendorProducts: z.number().int().nonnegative(),
});
export type ReviewCounts = z.infer<typeof reviewCountsSchema>;
export type ReviewQueue = keyof ReviewCounts;
