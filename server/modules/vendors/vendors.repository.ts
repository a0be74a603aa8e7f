import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { VendorApplicationStatus } from '../../../contract/vendors.js';
import type { DbOrTx } from '../../db/client.js';
import { vendorApplications } from '../../db/schema/index.js';

const applicationColumns = {
  id: vendorApplications.id,
  userId: vendorApplications.userId,
  companyName: vendorApplications.companyName,
  contactEmail: vendorApplications.contactEmail,
  phone: vendorApplications.phone,
  businessType: vendorApplications.businessType,
  description: vendorApplications.description,
  certifications: vendorApplications.certifications,
  status: vendorApplications.status,
  reviewNote: vendorApplications.reviewNote,
  reviewedAt: vendorApplications.reviewedAt,
  createdAt: vendorApplications.createdAt,
};

export type ApplicationRow = Awaited<ReturnType<typeof listApplications>>[number];

/**
 * Inserts the application, or returns null when the user already has a PENDING or APPROVED one (the partial unique
 * index decides, so two submits at once cannot both pass).
 */
export async function insertApplication(db: DbOrTx, application: typeof vendorApplications.$inferInsert) {
  const [row] = await db
    .insert(vendorApplications)
    .values(application)
    .onConflictDoNothing({
      target: vendorApplications.userId,
      where: sql`${vendorApplications.status} in ('PENDING', 'APPROVED')`,
    })
    .returning(applicationColumns);
  return row ?? null;
}

export async function listApplications(
  db: DbOrTx,
  filter: { userId?: string; status?: VendorApplicationStatus },
  limit: number,
) {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(vendorApplications.userId, filter.userId));
  if (filter.status) conditions.push(eq(vendorApplications.status, filter.status));
  return db
    .select(applicationColumns)
    .from(vendorApplications)
    .where(and(...conditions))
    .orderBy(desc(vendorApplications.createdAt), desc(vendorApplications.id))
    .limit(limit);
}

export async function findApplication(db: DbOrTx, id: string) {
  const [row] = await db
    .select(applicationColumns)
    .from(vendorApplications)
    .where(eq(vendorApplications.id, id));
  return row ?? null;
}

export async function hasApprovedApplication(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: vendorApplications.id })
    .from(vendorApplications)
    .where(and(eq(vendorApplications.userId, userId), eq(vendorApplications.status, 'APPROVED')))
    .limit(1);
  return Boolean(row);
}

/** Decides a PENDING application; null when it is no longer pending (another Director was first). */
export async function reviewApplication(
  db: DbOrTx,
  id: string,
  review: { status: VendorApplicationStatus; reviewNote: string | null; reviewedBy: string },
) {
  const [row] = await db
    .update(vendorApplications)
    .set({ ...review, reviewedAt: sql`now()` })
    .where(and(eq(vendorApplications.id, id), eq(vendorApplications.status, 'PENDING')))
    .returning(applicationColumns);
  return row ?? null;
}

export async function countApplications(db: DbOrTx, status: VendorApplicationStatus): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(vendorApplications)
    .where(eq(vendorApplications.status, status));
  return row?.total ?? 0;
}
