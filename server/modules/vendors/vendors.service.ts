import type { z } from 'zod';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import {
  VENDOR_APPLY_FIRST_MESSAGE,
  type ReviewVendorProductRequest,
  type VendorApplication,
  type vendorApplicationListQuerySchema,
  type vendorApplicationRequestSchema,
  type VendorProduct,
  type vendorProductListQuerySchema,
  type vendorProductRequestSchema,
  type reviewVendorApplicationRequestSchema,
  type VendorStats,
} from '../../../contract/vendors.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { conflict, forbidden, notFound, tierRequired } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as audit from '../audit/audit.service.js';
import type { UserRow } from '../../db/schema/users.js';
import * as catalog from '../catalog/catalog.service.js';
import { notify, notifyDirectors } from '../notifications/notifications.service.js';
import * as repository from './vendors.repository.js';

const words = (value: string) => value.replaceAll('_', ' ');

const toApplication = (row: repository.ApplicationRow): VendorApplication => ({
  ...row,
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Own applications; `scope=all` is the Directors' view of everyone's, which shows whole applications: each other
 * user's application in it is recorded as a staff read.
 */
export async function listApplications(
  ctx: AppContext,
  user: UserRow,
  query: z.output<typeof vendorApplicationListQuerySchema>,
  meta?: Pick<RequestMeta, 'ip' | 'session'>,
): Promise<VendorApplication[]> {
  if (query.scope === 'all' && user.tier < DIRECTOR_TIER) throw tierRequired(DIRECTOR_TIER);
  const rows = await repository.listApplications(
    ctx.db,
    { userId: query.scope === 'all' ? undefined : user.id, status: query.status },
    query.limit,
  );
  const records = rows.map((row) => ({ id: row.id, ownerId: row.userId }));
  await audit.recordStaffReads(ctx, audit.readerOf(user, meta), 'vendor_application', records, 'list');
  return rows.map(toApplication);
}

/** A PENDING application; the Directors are told in the same transaction that it waits for their review. */
export async function createApplication(
  ctx: AppContext,
  user: UserRow,
  input: z.output<typeof vendorApplicationRequestSchema>,
): Promise<VendorApplication> {
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repository.insertApplication(tx, { ...input, userId: user.id, status: 'PENDING' });
    if (!created) throw conflict('You already have a pending or approved vendor application');
    await notifyDirectors(ctx, tx, {
      type: 'other',
      priority: 'normal',
      title: 'Vendor application received',
      message: `${user.email} applied to sell as ${created.companyName} (${words(created.businessType)}); review the application.`,
      actionUrl: '/vendor',
    });
    return created;
  });
  return toApplication(row);
}

/** A Director approves or rejects a PENDING application once; the applicant is told, the decision audited. */
export async function reviewApplication(
  ctx: AppContext,
  director: UserRow,
  id: string,
  input: z.output<typeof reviewVendorApplicationRequestSchema>,
  meta: RequestMeta,
): Promise<VendorApplication> {
  if (!isId(id)) throw notFound('Vendor application');
  const row = await ctx.db.transaction(async (tx) => {
    const reviewed = await repository.reviewApplication(tx, id, {
      status: input.status,
      reviewNote: input.reviewNote || null,
      reviewedBy: director.id,
    });
    if (!reviewed) {
      if (!(await repository.findApplication(tx, id))) throw notFound('Vendor application');
      throw conflict('Only pending applications can be reviewed');
    }
    const approved = reviewed.status === 'APPROVED';
    await notify(ctx, tx, {
      userId: reviewed.userId,
      type: 'other',
      priority: 'high',
      title: approved ? 'Vendor application approved' : 'Vendor application rejected',
      message: approved
        ? `${reviewed.companyName} is approved as a vendor. You can now add products for review.`
        : `${reviewed.companyName}'s vendor application was not approved.${reviewed.reviewNote ? ` Note: ${reviewed.reviewNote}` : ''}`,
      actionUrl: '/vendor',
    });
    await audit.record(tx, {
      action: 'vendor.application_reviewed',
      userId: director.id,
      subjectType: 'vendor_application',
      subject: reviewed.id,
      subjectUserId: reviewed.userId,
      ip: meta.ip,
      details: { status: reviewed.status, applicantId: reviewed.userId },
    });
    return reviewed;
  });
  return toApplication(row);
}

/** Only a user with an APPROVED application sells; the product waits for a Director before anyone sees it. */
export async function createProduct(
  ctx: AppContext,
  user: UserRow,
  input: z.output<typeof vendorProductRequestSchema>,
): Promise<VendorProduct> {
  if (!(await repository.hasApprovedApplication(ctx.db, user.id)))
    throw forbidden(VENDOR_APPLY_FIRST_MESSAGE);
  return catalog.createVendorProduct(ctx, user.id, input);
}

/** Own products in every approval state; `scope=pending` is the Directors' queue of every vendor's. */
export async function listProducts(
  ctx: AppContext,
  user: UserRow,
  query: z.output<typeof vendorProductListQuerySchema>,
): Promise<VendorProduct[]> {
  if (query.scope === 'pending') {
    if (user.tier < DIRECTOR_TIER) throw tierRequired(DIRECTOR_TIER);
    return catalog.listPendingVendorProducts(ctx, query.limit);
  }
  return catalog.listVendorProducts(ctx, user.id, query.limit);
}

export async function reviewProduct(
  ctx: AppContext,
  director: UserRow,
  id: string,
  input: ReviewVendorProductRequest,
  meta: RequestMeta,
): Promise<VendorProduct> {
  const product = await ctx.db.transaction(async (tx) => {
    const updated = await catalog.setVendorProductApproval(tx, id, input.approvalStatus);
    if (!updated?.vendorId) throw notFound('Vendor product');
    const approved = updated.approvalStatus === 'approved';
    await notify(ctx, tx, {
      userId: updated.vendorId,
      type: 'other',
      priority: 'normal',
      title: approved ? 'Product approved' : 'Product rejected',
      message: approved
        ? `${updated.name} is approved and now listed in the marketplace.`
        : `${updated.name} was not approved for the marketplace.`,
      actionUrl: '/vendor',
    });
    await audit.record(tx, {
      action: 'vendor.product_reviewed',
      userId: director.id,
      subjectType: 'vendor_product',
      subject: updated.id,
      subjectUserId: updated.vendorId,
      ip: meta.ip,
      details: { approvalStatus: updated.approvalStatus, vendorId: updated.vendorId },
    });
    return updated;
  });
  catalog.invalidateListings(ctx);
  return product;
}

export async function stats(ctx: AppContext, userId: string): Promise<VendorStats> {
  return catalog.vendorStats(ctx, userId);
}

/** How many vendor applications wait for a Director's decision. */
export async function countPendingApplications(ctx: AppContext): Promise<number> {
  return repository.countApplications(ctx.db, 'PENDING');
}

/** How many vendor products wait for a Director's approval (the catalogue holds them). */
export async function countPendingProducts(ctx: AppContext): Promise<number> {
  return catalog.countVendorProducts(ctx, 'pending');
}
