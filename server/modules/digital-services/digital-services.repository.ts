import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { digitalServices, serviceInquiries } from '../../db/schema/index.js';

const serviceColumns = {
  id: digitalServices.id,
  name: digitalServices.name,
  shortDescription: digitalServices.shortDescription,
  description: digitalServices.description,
  category: digitalServices.category,
  iconClass: digitalServices.iconClass,
  minimumTier: digitalServices.minimumTier,
  previewContent: digitalServices.previewContent,
  fullContent: digitalServices.fullContent,
};

export async function listServices(db: DbOrTx) {
  return db
    .select(serviceColumns)
    .from(digitalServices)
    .orderBy(asc(digitalServices.minimumTier), asc(digitalServices.sortOrder), asc(digitalServices.name));
}

export async function findService(db: DbOrTx, id: string) {
  const [row] = await db.select(serviceColumns).from(digitalServices).where(eq(digitalServices.id, id));
  return row ?? null;
}

const inquiryColumns = {
  id: serviceInquiries.id,
  serviceId: serviceInquiries.serviceId,
  serviceName: digitalServices.name,
  status: serviceInquiries.status,
  budgetRange: serviceInquiries.budgetRange,
  contactPreference: serviceInquiries.contactPreference,
  createdAt: serviceInquiries.createdAt,
};

export async function insertInquiry(db: DbOrTx, inquiry: typeof serviceInquiries.$inferInsert) {
  const [row] = await db.insert(serviceInquiries).values(inquiry).returning({ id: serviceInquiries.id });
  const [created] = await db
    .select(inquiryColumns)
    .from(serviceInquiries)
    .innerJoin(digitalServices, eq(digitalServices.id, serviceInquiries.serviceId))
    .where(eq(serviceInquiries.id, row!.id));
  return created!;
}

export async function listInquiries(db: DbOrTx, userId: string, limit: number) {
  return db
    .select(inquiryColumns)
    .from(serviceInquiries)
    .innerJoin(digitalServices, eq(digitalServices.id, serviceInquiries.serviceId))
    .where(eq(serviceInquiries.userId, userId))
    .orderBy(desc(serviceInquiries.createdAt), desc(serviceInquiries.id))
    .limit(limit);
}
