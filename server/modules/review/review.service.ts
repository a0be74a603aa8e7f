import type { ReviewCounts } from '../../../contract/review.js';
import type { AppContext } from '../../infra/context.js';
import * as payments from '../payments/payments.service.js';
import * as secureChannel from '../secure-channel/secure-channel.service.js';
import * as subscriptions from '../subscriptions/subscriptions.service.js';
import * as vendors from '../vendors/vendors.service.js';

/**
 * What waits for a Director, queue by queue. Each module that owns a queue counts its own (this module has no table
 * and no repository); the counts are read side by side, not in one snapshot, which a menu's badge does not need.
 */
export async function counts(ctx: AppContext): Promise<ReviewCounts> {
  const [pendingPayments, upgrades, secureChannelRequests, vendorApplications, vendorProducts] =
    await Promise.all([
      payments.countPending(ctx),
      subscriptions.countAwaitingApproval(ctx),
      secureChannel.countPending(ctx),
      vendors.countPendingApplications(ctx),
      vendors.countPendingProducts(ctx),
    ]);
  return {
    payments: pendingPayments,
    upgrades,
    secureChannel: secureChannelRequests,
    vendorApplications,
    vendorProducts,
  };
}
