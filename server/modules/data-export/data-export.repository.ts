import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  aiAnalyses,
  apiKeys,
  passkeys,
  auditLog,
  automationRules,
  automationRuns,
  caseUpdates,
  cases,
  dataExports,
  investigationRequests,
  mobileDevices,
  notificationPreferences,
  notifications,
  orderLines,
  orders,
  payments,
  products,
  qrCodes,
  secureChannelRequests,
  serviceInquiries,
  sessions,
  subscriptions,
  users,
  vendorApplications,
  enterpriseClients,
  organizationMembers,
} from '../../db/schema/index.js';

/*
 * Two kinds of queries live here. The first block is this module's own table, `data_exports`. The second reads
 * the account's records in other features' tables for the export document (decision 012): each reader names the
 * columns it takes - an allow-list - so a column added to a table later (a new secret among them) stays out of
 * the document until someone adds it here on purpose. Never `select()` without columns below that line.
 */

export type DataExportRow = typeof dataExports.$inferSelect;
export type DataExportStatus = DataExportRow['status'];

/** Everything but the document, which may be large: what lists and status reads need. */
const summaryColumns = {
  id: dataExports.id,
  userId: dataExports.userId,
  status: dataExports.status,
  progress: dataExports.progress,
  sizeBytes: dataExports.sizeBytes,
  error: dataExports.error,
  createdAt: dataExports.createdAt,
  completedAt: dataExports.completedAt,
  expiresAt: dataExports.expiresAt,
};
export type DataExportSummary = Omit<DataExportRow, 'document'>;

const ACTIVE: DataExportStatus[] = ['pending', 'processing'];

/**
 * Serialises the export requests of one user for the rest of the caller's transaction, so two requests at the
 * same moment cannot both find no running export and both start one.
 */
export async function lockUserExports(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`data-export:${userId}`}, 0))`);
}

/** The user's export that is pending or processing, if any (newest first). */
export async function findActive(db: DbOrTx, userId: string): Promise<DataExportSummary | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, ACTIVE)))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row ?? null;
}

export async function insert(db: DbOrTx, userId: string): Promise<DataExportSummary> {
  const [row] = await db.insert(dataExports).values({ userId }).returning(summaryColumns);
  return row!;
}

export async function listForUser(db: DbOrTx, userId: string, limit: number): Promise<DataExportSummary[]> {
  return db
    .select(summaryColumns)
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(limit);
}

/** One of the user's exports with its document; null for anyone else's or an unknown id. */
export async function findWithDocument(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<DataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
  return row ?? null;
}

/**
 * Moves an export to processing if it is in one of `from`, and returns it; null when another run has it or it
 * is finished. The conditional update is the claim: two runs of one job cannot both get the row.
 */
export async function claim(
  db: DbOrTx,
  id: string,
  from: readonly DataExportStatus[],
): Promise<DataExportSummary | null> {
  const [row] = await db
    .update(dataExports)
    .set({ status: 'processing', progress: 0 })
    .where(and(eq(dataExports.id, id), inArray(dataExports.status, [...from])))
    .returning(summaryColumns);
  return row ?? null;
}

export async function setProgress(
  db: DbOrTx,
  id: string,
  progress: number,
): Promise<DataExportSummary | null> {
  const [row] = await db
    .update(dataExports)
    .set({ progress })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'processing')))
    .returning(summaryColumns);
  return row ?? null;
}

/** Stores the finished document on a processing export; false when the export was no longer processing. */
export async function complete(
  db: DbOrTx,
  id: string,
  document: string,
  sizeBytes: number,
  ttlDays: number,
): Promise<DataExportSummary | null> {
  const [row] = await db
    .update(dataExports)
    .set({
      status: 'completed',
      progress: 100,
      document,
      sizeBytes,
      error: null,
      completedAt: sql`now()`,
      expiresAt: sql`now() + make_interval(days => ${ttlDays})`,
    })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'processing')))
    .returning(summaryColumns);
  return row ?? null;
}

export async function fail(
  db: DbOrTx,
  id: string,
  error: string,
  from: readonly DataExportStatus[] = ACTIVE,
): Promise<DataExportSummary | null> {
  const [row] = await db
    .update(dataExports)
    .set({ status: 'failed', error, completedAt: sql`now()` })
    .where(and(eq(dataExports.id, id), inArray(dataExports.status, [...from])))
    .returning(summaryColumns);
  return row ?? null;
}

/** Fails exports (of one user, or everyone's) that have been pending or processing since before `olderThan`. */
export async function failStale(
  db: DbOrTx,
  olderThan: Date,
  error: string,
  userId?: string,
): Promise<number> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'failed', error, completedAt: sql`now()` })
    .where(
      and(
        inArray(dataExports.status, ACTIVE),
        lt(dataExports.createdAt, olderThan),
        userId ? eq(dataExports.userId, userId) : undefined,
      ),
    )
    .returning({ id: dataExports.id });
  return rows.length;
}

/** Drops the documents whose download has expired (one export's, or all of them); the rows stay as history. */
export async function dropExpiredDocuments(db: DbOrTx, id?: string): Promise<number> {
  const rows = await db
    .update(dataExports)
    .set({ document: null })
    .where(
      and(
        sql`${dataExports.document} is not null`,
        sql`${dataExports.expiresAt} <= now()`,
        id ? eq(dataExports.id, id) : undefined,
      ),
    )
    .returning({ id: dataExports.id });
  return rows.length;
}

// ---------------------------------------------------------------------------------------------------------------
// The account's records in other features' tables, column by column (an allow-list; see the note at the top).

export async function readProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      tier: users.tier,
      emailVerifiedAt: users.emailVerifiedAt,
      mfaEnabled: users.mfaEnabled,
      deletionRequestedAt: users.deletionRequestedAt,
      deletionScheduledFor: users.deletionScheduledFor,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function readNotificationPreferences(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: notificationPreferences.email, updatedAt: notificationPreferences.updatedAt })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? null;
}

export async function readOrders(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      currency: orders.currency,
      total: orders.total,
      shippingAddress: orders.shippingAddress,
      paymentMethod: orders.paymentMethod,
      paymentId: orders.paymentId,
      paidAt: orders.paidAt,
      fulfilledAt: orders.fulfilledAt,
      cancelledAt: orders.cancelledAt,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const lines =
    rows.length === 0
      ? []
      : await db
          .select({
            orderId: orderLines.orderId,
            productId: orderLines.productId,
            name: orderLines.name,
            unitPrice: orderLines.unitPrice,
            quantity: orderLines.quantity,
            lineTotal: orderLines.lineTotal,
          })
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(orderLines.name));
  return rows.map((order) => ({
    ...order,
    lines: lines.filter((line) => line.orderId === order.id).map(({ orderId: _orderId, ...line }) => line),
  }));
}

export async function readPayments(db: DbOrTx, userId: string) {
  return db
    .select({
      id: payments.id,
      amount: payments.amount,
      currency: payments.currency,
      paymentMethod: payments.paymentMethod,
      status: payments.status,
      purpose: payments.purpose,
      description: payments.description,
      subscriptionId: payments.subscriptionId,
      provider: payments.provider,
      providerReference: payments.providerReference,
      completedAt: payments.completedAt,
      createdAt: payments.createdAt,
      updatedAt: payments.updatedAt,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

export async function readSubscriptions(db: DbOrTx, userId: string) {
  return db
    .select({
      id: subscriptions.id,
      tier: subscriptions.tier,
      billing: subscriptions.billing,
      amount: subscriptions.amount,
      currency: subscriptions.currency,
      status: subscriptions.status,
      paymentMethod: subscriptions.paymentMethod,
      currentPeriodStart: subscriptions.currentPeriodStart,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      cancelledAt: subscriptions.cancelledAt,
      createdAt: subscriptions.createdAt,
      updatedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}

/** The user's cases with the updates their owner may see: internal updates never leave the firm. */
export async function readCases(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      id: cases.id,
      caseNumber: cases.caseNumber,
      title: cases.title,
      description: cases.description,
      category: cases.category,
      priority: cases.priority,
      status: cases.status,
      deadline: cases.deadline,
      clientRequirements: cases.clientRequirements,
      estimatedCost: cases.estimatedCost,
      assigned: sql<boolean>`${cases.assignedAgentId} is not null`,
      closedAt: cases.closedAt,
      createdAt: cases.createdAt,
      updatedAt: cases.updatedAt,
    })
    .from(cases)
    .where(eq(cases.userId, userId))
    .orderBy(desc(cases.createdAt), desc(cases.id));
  const updates =
    rows.length === 0
      ? []
      : await db
          .select({
            id: caseUpdates.id,
            caseId: caseUpdates.caseId,
            updateType: caseUpdates.updateType,
            title: caseUpdates.title,
            content: caseUpdates.content,
            byYou: sql<boolean>`${caseUpdates.authorId} is not distinct from ${userId}::uuid`,
            createdAt: caseUpdates.createdAt,
          })
          .from(caseUpdates)
          .where(
            and(
              inArray(
                caseUpdates.caseId,
                rows.map((row) => row.id),
              ),
              eq(caseUpdates.isInternal, false),
              sql`${caseUpdates.updateType} <> 'internal_note'`,
            ),
          )
          .orderBy(asc(caseUpdates.createdAt), asc(caseUpdates.id));
  return rows.map((row) => ({
    ...row,
    updates: updates.filter((update) => update.caseId === row.id).map(({ caseId: _caseId, ...u }) => u),
  }));
}

export async function readInvestigations(db: DbOrTx, userId: string) {
  const r = investigationRequests;
  return db
    .select({
      id: r.id,
      serviceType: r.serviceType,
      subject: r.subject,
      description: r.description,
      priority: r.priority,
      status: r.status,
      clientType: r.clientType,
      organizationName: r.organizationName,
      authorizedRepresentative: r.authorizedRepresentative,
      representativeTitle: r.representativeTitle,
      legalBasis: r.legalBasis,
      courtOrder: r.courtOrder,
      courtOrderNumber: r.courtOrderNumber,
      attorneyName: r.attorneyName,
      barNumber: r.barNumber,
      targetInformation: r.targetInformation,
      jurisdictionConcerns: r.jurisdictionConcerns,
      expectedTimeframe: r.expectedTimeframe,
      budgetRange: r.budgetRange,
      riskFactors: r.riskFactors,
      previousInvestigations: r.previousInvestigations,
      dataRetentionRequirements: r.dataRetentionRequirements,
      reportingRequirements: r.reportingRequirements,
      sensitivityLevel: r.sensitivityLevel,
      confidentialityLevel: r.confidentialityLevel,
      lawfulPurposeDeclaration: r.lawfulPurposeDeclaration,
      noHarassmentDeclaration: r.noHarassmentDeclaration,
      complianceAgreement: r.complianceAgreement,
      estimatedCost: r.estimatedCost,
      assigned: sql<boolean>`${r.assignedAgentId} is not null`,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    })
    .from(r)
    .where(eq(r.userId, userId))
    .orderBy(desc(r.createdAt), desc(r.id));
}

export async function readServiceInquiries(db: DbOrTx, userId: string) {
  const s = serviceInquiries;
  return db
    .select({
      id: s.id,
      serviceId: s.serviceId,
      clientName: s.clientName,
      clientEmail: s.clientEmail,
      clientPhone: s.clientPhone,
      organizationName: s.organizationName,
      organizationType: s.organizationType,
      serviceDescription: s.serviceDescription,
      technicalRequirements: s.technicalRequirements,
      dataScope: s.dataScope,
      deliveryTimeframe: s.deliveryTimeframe,
      budgetRange: s.budgetRange,
      businessJustification: s.businessJustification,
      intendedUse: s.intendedUse,
      dataHandling: s.dataHandling,
      securityRequirements: s.securityRequirements,
      complianceNeeds: s.complianceNeeds,
      preferredMeetingTime: s.preferredMeetingTime,
      legalBasis: s.legalBasis,
      ethicalClearance: s.ethicalClearance,
      dataProtectionCompliance: s.dataProtectionCompliance,
      noMaliciousUse: s.noMaliciousUse,
      contactPreference: s.contactPreference,
      status: s.status,
      createdAt: s.createdAt,
    })
    .from(s)
    .where(eq(s.userId, userId))
    .orderBy(desc(s.createdAt), desc(s.id));
}

export async function readVendorApplications(db: DbOrTx, userId: string) {
  const v = vendorApplications;
  return db
    .select({
      id: v.id,
      companyName: v.companyName,
      contactEmail: v.contactEmail,
      phone: v.phone,
      businessType: v.businessType,
      description: v.description,
      certifications: v.certifications,
      status: v.status,
      reviewNote: v.reviewNote,
      reviewedAt: v.reviewedAt,
      createdAt: v.createdAt,
      updatedAt: v.updatedAt,
    })
    .from(v)
    .where(eq(v.userId, userId))
    .orderBy(desc(v.createdAt), desc(v.id));
}

export async function readVendorProducts(db: DbOrTx, userId: string) {
  return db
    .select({
      id: products.id,
      categoryId: products.categoryId,
      name: products.name,
      slug: products.slug,
      sku: products.sku,
      shortDescription: products.shortDescription,
      description: products.description,
      price: products.price,
      imageUrl: products.imageUrl,
      minimumTier: products.minimumTier,
      stockCount: products.stockCount,
      approvalStatus: products.approvalStatus,
      specifications: products.specifications,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(eq(products.vendorId, userId))
    .orderBy(desc(products.createdAt), desc(products.id));
}

/** Requests made while signed in as the user, or by anyone with the user's address (the form is open to all). */
export async function readSecureChannelRequests(db: DbOrTx, userId: string, email: string) {
  const s = secureChannelRequests;
  return db
    .select({
      id: s.id,
      fullName: s.fullName,
      email: s.email,
      phone: s.phone,
      organization: s.organization,
      securityClearance: s.securityClearance,
      accessPurpose: s.accessPurpose,
      operationalNeed: s.operationalNeed,
      referenceContact: s.referenceContact,
      emergencyContact: s.emergencyContact,
      encryptionPreference: s.encryptionPreference,
      communicationFrequency: s.communicationFrequency,
      dataClassification: s.dataClassification,
      complianceRequirements: s.complianceRequirements,
      status: s.status,
      reviewedAt: s.reviewedAt,
      ip: s.ip,
      createdAt: s.createdAt,
      updatedAt: s.updatedAt,
    })
    .from(s)
    .where(or(eq(s.userId, userId), sql`lower(${s.email}) = lower(${email})`))
    .orderBy(desc(s.createdAt), desc(s.id));
}

export async function readNotifications(db: DbOrTx, userId: string) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      priority: notifications.priority,
      title: notifications.title,
      message: notifications.message,
      isRead: notifications.isRead,
      readAt: notifications.readAt,
      actionUrl: notifications.actionUrl,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
}

/** Metadata only: the key itself was shown once, and its hash stays in the database. */
export async function readApiKeys(db: DbOrTx, userId: string) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      keyPrefix: apiKeys.keyPrefix,
      permissions: apiKeys.permissions,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      isActive: apiKeys.isActive,
      lastUsed: apiKeys.lastUsed,
      createdAt: apiKeys.createdAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Signed-in browsers by their public id; the cookie's hash stays in the database. */
export async function readSessions(db: DbOrTx, userId: string) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.mfaPending, false)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}

/** Passkeys' metadata: never the public key (nor the credential id, which only an authenticator needs). */
export async function readPasskeys(db: DbOrTx, userId: string) {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      deviceType: passkeys.deviceType,
      backedUp: passkeys.backedUp,
      transports: passkeys.transports,
      aaguid: passkeys.aaguid,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
}

export async function readDevices(db: DbOrTx, userId: string) {
  return db
    .select({
      id: mobileDevices.id,
      platform: mobileDevices.platform,
      name: mobileDevices.name,
      deviceIdentifier: mobileDevices.deviceIdentifier,
      lastActive: mobileDevices.lastActive,
      isActive: mobileDevices.isActive,
      createdAt: mobileDevices.createdAt,
    })
    .from(mobileDevices)
    .where(eq(mobileDevices.userId, userId))
    .orderBy(desc(mobileDevices.createdAt), desc(mobileDevices.id));
}

export async function readQrCodes(db: DbOrTx, userId: string) {
  return db
    .select({
      id: qrCodes.id,
      type: qrCodes.type,
      token: qrCodes.token,
      data: qrCodes.data,
      expiresAt: qrCodes.expiresAt,
      isActive: qrCodes.isActive,
      scannedCount: qrCodes.scannedCount,
      lastScannedAt: qrCodes.lastScannedAt,
      createdAt: qrCodes.createdAt,
    })
    .from(qrCodes)
    .where(eq(qrCodes.userId, userId))
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id));
}

export async function readAiAnalyses(db: DbOrTx, userId: string) {
  return db
    .select({
      id: aiAnalyses.id,
      type: aiAnalyses.type,
      inputData: aiAnalyses.inputData,
      status: aiAnalyses.status,
      confidence: aiAnalyses.confidence,
      results: aiAnalyses.results,
      error: aiAnalyses.error,
      completedAt: aiAnalyses.completedAt,
      createdAt: aiAnalyses.createdAt,
    })
    .from(aiAnalyses)
    .where(eq(aiAnalyses.userId, userId))
    .orderBy(desc(aiAnalyses.createdAt), desc(aiAnalyses.id));
}

export async function readAutomationRules(db: DbOrTx, userId: string) {
  return db
    .select({
      id: automationRules.id,
      name: automationRules.name,
      trigger: automationRules.trigger,
      actions: automationRules.actions,
      isActive: automationRules.isActive,
      executionCount: automationRules.executionCount,
      lastExecuted: automationRules.lastExecuted,
      createdAt: automationRules.createdAt,
      updatedAt: automationRules.updatedAt,
    })
    .from(automationRules)
    .where(eq(automationRules.userId, userId))
    .orderBy(desc(automationRules.createdAt), desc(automationRules.id));
}

export async function readAutomationRuns(db: DbOrTx, userId: string) {
  return db
    .select({
      id: automationRuns.id,
      ruleId: automationRuns.ruleId,
      event: automationRuns.event,
      eventData: automationRuns.eventData,
      status: automationRuns.status,
      outcomes: automationRuns.outcomes,
      createdAt: automationRuns.createdAt,
    })
    .from(automationRuns)
    .innerJoin(automationRules, eq(automationRules.id, automationRuns.ruleId))
    .where(eq(automationRules.userId, userId))
    .orderBy(desc(automationRuns.createdAt), desc(automationRuns.id));
}

/** Events the user did (the actor) or that are about the user's data (the subject user). */
export async function readAuditEvents(db: DbOrTx, userId: string) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      byYou: sql<boolean>`${auditLog.userId} is not distinct from ${userId}::uuid`,
      subjectType: auditLog.subjectType,
      subject: auditLog.subject,
      aboutYou: sql<boolean>`${auditLog.subjectUserId} is not distinct from ${userId}::uuid`,
      ip: auditLog.ip,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(or(eq(auditLog.userId, userId), eq(auditLog.subjectUserId, userId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}

/** The organisation the user belongs to (design 12.3): its name and domain, their role, when and how they joined. */
export async function readOrganization(db: DbOrTx, userId: string) {
  return db
    .select({
      name: enterpriseClients.name,
      domain: enterpriseClients.domain,
      role: organizationMembers.role,
      via: organizationMembers.via,
      joinedAt: organizationMembers.joinedAt,
    })
    .from(organizationMembers)
    .innerJoin(enterpriseClients, eq(enterpriseClients.id, organizationMembers.clientId))
    .where(eq(organizationMembers.userId, userId));
}
