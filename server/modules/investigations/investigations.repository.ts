import { and, asc, desc, eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgInsertValue } from 'drizzle-orm/pg-core';
import type { InvestigationServiceType } from '../../../contract/investigations.js';
import type { DbOrTx } from '../../db/client.js';
import { shownEmail } from '../../db/deleted-users.js';
import { auditLog, investigationCatalog, investigationRequests, users } from '../../db/schema/index.js';
import { slaFilters, slaOrder } from '../../db/service-levels.js';
import type { SlaListOptions } from '../../../contract/service-levels.js';

const catalogColumns = {
  id: investigationCatalog.id,
  name: investigationCatalog.name,
  description: investigationCatalog.description,
  icon: investigationCatalog.icon,
  minimumTier: investigationCatalog.minimumTier,
  pricing: investigationCatalog.pricing,
  basePrice: investigationCatalog.basePrice,
  features: investigationCatalog.features,
  deliveryTime: investigationCatalog.deliveryTime,
  category: investigationCatalog.category,
};

export async function listCatalog(db: DbOrTx) {
  return db
    .select(catalogColumns)
    .from(investigationCatalog)
    .orderBy(asc(investigationCatalog.sortOrder), asc(investigationCatalog.name));
}

export async function findCatalogEntry(db: DbOrTx, id: InvestigationServiceType) {
  const [row] = await db
    .select(catalogColumns)
    .from(investigationCatalog)
    .where(eq(investigationCatalog.id, id));
  return row ?? null;
}

const requester = alias(users, 'requester');
const agent = alias(users, 'agent');

const requestColumns = {
  id: investigationRequests.id,
  userId: investigationRequests.userId,
  organizationId: investigationRequests.organizationId,
  subject: investigationRequests.subject,
  description: investigationRequests.description,
  serviceType: investigationRequests.serviceType,
  serviceName: investigationCatalog.name,
  priority: investigationRequests.priority,
  status: investigationRequests.status,
  clientType: investigationRequests.clientType,
  budgetRange: investigationRequests.budgetRange,
  sensitivityLevel: investigationRequests.sensitivityLevel,
  confidentialityLevel: investigationRequests.confidentialityLevel,
  courtOrder: investigationRequests.courtOrder,
  expectedTimeframe: investigationRequests.expectedTimeframe,
  lawfulPurposeDeclaration: investigationRequests.lawfulPurposeDeclaration,
  noHarassmentDeclaration: investigationRequests.noHarassmentDeclaration,
  complianceAgreement: investigationRequests.complianceAgreement,
  /** Where the declarations were made from: the IP of the request's audit event. */
  declaredFromIp: sql<string | null>`(
    select ${auditLog.ip} from ${auditLog}
    where ${auditLog.action} = 'investigation.requested' and ${auditLog.subject} = ${investigationRequests.id}::text
    limit 1
  )`,
  estimatedCost: investigationRequests.estimatedCost,
  assignedAgentId: investigationRequests.assignedAgentId,
  agentFirstName: agent.firstName,
  agentLastName: agent.lastName,
  agentEmail: shownEmail(agent),
  requesterFirstName: requester.firstName,
  requesterLastName: requester.lastName,
  requesterEmail: shownEmail(requester),
  slaTier: investigationRequests.slaTier,
  firstResponseDueAt: investigationRequests.firstResponseDueAt,
  resolutionDueAt: investigationRequests.resolutionDueAt,
  firstRespondedAt: investigationRequests.firstRespondedAt,
  resolvedAt: investigationRequests.resolvedAt,
  createdAt: investigationRequests.createdAt,
  updatedAt: investigationRequests.updatedAt,
};

function selectRequests(db: DbOrTx) {
  return db
    .select(requestColumns)
    .from(investigationRequests)
    .innerJoin(investigationCatalog, eq(investigationCatalog.id, investigationRequests.serviceType))
    .innerJoin(requester, eq(requester.id, investigationRequests.userId))
    .leftJoin(agent, eq(agent.id, investigationRequests.assignedAgentId));
}

export type RequestRow = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

export async function findRequest(db: DbOrTx, id: string) {
  const [row] = await selectRequests(db).where(eq(investigationRequests.id, id));
  return row ?? null;
}

/** The service-level due times may be SQL (`now()` plus the target, decision 019). */
export async function insertRequest(db: DbOrTx, request: PgInsertValue<typeof investigationRequests>) {
  const [row] = await db
    .insert(investigationRequests)
    .values(request)
    .returning({ id: investigationRequests.id });
  return (await findRequest(db, row!.id))!;
}

function readableBy(
  userId: string,
  { sharedWith, visibility }: { sharedWith: string | null; visibility?: 'private' | 'organization' },
): SQL | undefined {
  const own = eq(investigationRequests.userId, userId);
  const shared = sharedWith ? eq(investigationRequests.organizationId, sharedWith) : undefined;
  if (visibility === 'private') return and(own, isNull(investigationRequests.organizationId));
  if (visibility === 'organization') return shared ?? sql`false`;
  return shared ? or(own, shared) : own;
}

/**
 * `userId` null: everyone's (Directors). Newest first, capped; `sla` adds the Directors' service-level order and
 * filters, read at its `now` (the context's clock).
 */
export async function listRequests(
  db: DbOrTx,
  userId: string | null,
  limit: number,
  sla?: { options: SlaListOptions; now: Date },
  /** With `userId`: also the requests shared with this organisation; `visibility` keeps one kind (design 12.3). */
  shared: { sharedWith: string | null; visibility?: 'private' | 'organization' } = { sharedWith: null },
) {
  return selectRequests(db)
    .where(
      and(
        userId === null ? undefined : readableBy(userId, shared),
        ...(sla ? slaFilters(investigationRequests, sla.options, sla.now) : []),
      ),
    )
    .orderBy(
      ...slaOrder(investigationRequests, sla?.options),
      desc(investigationRequests.createdAt),
      desc(investigationRequests.id),
    )
    .limit(limit);
}

/** Locks the row for the rest of the transaction, so two Directors cannot both move it from the same state. */
export async function lockRequest(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: investigationRequests.id,
      userId: investigationRequests.userId,
      organizationId: investigationRequests.organizationId,
      subject: investigationRequests.subject,
      status: investigationRequests.status,
      assignedAgentId: investigationRequests.assignedAgentId,
    })
    .from(investigationRequests)
    .where(eq(investigationRequests.id, id))
    .for('update');
  return row ?? null;
}

export async function updateRequest(
  db: DbOrTx,
  id: string,
  changes: Pick<
    Partial<typeof investigationRequests.$inferInsert>,
    'status' | 'assignedAgentId' | 'organizationId'
  >,
) {
  await db.update(investigationRequests).set(changes).where(eq(investigationRequests.id, id));
}

/** The tier of an account, or null when there is none (a candidate agent). */
export async function findUserTier(db: DbOrTx, id: string) {
  const [row] = await db.select({ tier: users.tier }).from(users).where(eq(users.id, id));
  return row?.tier ?? null;
}

/** Accounts at `minimumTier` or above (the Directors a request may be assigned to), by name. */
export async function listUsersAtTier(db: DbOrTx, minimumTier: number, limit: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(gte(users.tier, minimumTier))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email))
    .limit(limit);
}
