import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, cases, investigationRequests, orders, serviceInquiries } from '../../db/schema/index.js';

const ACTIVE_INVESTIGATION = ['PENDING', 'IN_PROGRESS'] as const;
const CLOSED_CASE = ['completed', 'closed'] as const;

/** Mission Control reads across modules' tables: one read model, one round trip for the counts. */
export async function counts(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      openCases: sql<number>`(select count(*) from ${cases} where ${cases.userId} = ${userId} and ${cases.status} not in ('completed', 'closed') and ${cases.mergedIntoId} is null)`,
      investigations: sql<number>`(select count(*) from ${investigationRequests} where ${investigationRequests.userId} = ${userId})`,
      activeInvestigations: sql<number>`(select count(*) from ${investigationRequests} where ${investigationRequests.userId} = ${userId} and ${investigationRequests.status} in ('PENDING', 'IN_PROGRESS'))`,
      orders: sql<number>`(select count(*) from ${orders} where ${orders.userId} = ${userId})`,
      inquiries: sql<number>`(select count(*) from ${serviceInquiries} where ${serviceInquiries.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return row!;
}

export async function openCases(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ id: cases.id, title: cases.title, status: cases.status, updatedAt: cases.updatedAt })
    .from(cases)
    .where(
      and(eq(cases.userId, userId), notInArray(cases.status, [...CLOSED_CASE]), isNull(cases.mergedIntoId)),
    )
    .orderBy(desc(cases.updatedAt))
    .limit(limit);
}

export async function activeInvestigations(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      id: investigationRequests.id,
      title: investigationRequests.subject,
      status: investigationRequests.status,
      updatedAt: investigationRequests.updatedAt,
    })
    .from(investigationRequests)
    .where(
      and(
        eq(investigationRequests.userId, userId),
        inArray(investigationRequests.status, [...ACTIVE_INVESTIGATION]),
      ),
    )
    .orderBy(desc(investigationRequests.updatedAt))
    .limit(limit);
}

export async function recentActivity(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(eq(auditLog.userId, userId))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}

export async function recentOrders(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      total: orders.total,
      currency: orders.currency,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}
