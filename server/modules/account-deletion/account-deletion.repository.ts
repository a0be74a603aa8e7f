import { and, eq, inArray, isNull, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  aiAnalyses,
  apiKeys,
  automationRules,
  automationRuns,
  bulkOperations,
  caseUpdates,
  cartItems,
  cases,
  dataExports,
  emailTokens,
  integrationDeliveries,
  integrations,
  investigationRequests,
  liveEvents,
  mailOutbox,
  mailPendingChanges,
  mfaBackupCodes,
  mobileDevices,
  notificationPreferences,
  notifications,
  orders,
  organizationMembers,
  passkeys,
  pageViews,
  productReviews,
  products,
  qrCodes,
  rateLimits,
  searchLog,
  secureChannelRequests,
  serviceInquiries,
  sessions,
  subscriptions,
  users,
  vendorApplications,
  webauthnChallenges,
} from '../../db/schema/index.js';

/*
 * The account's records in other features' tables (decision 012: a data-rights module reads and writes across
 * features in its own repository). Every table of server/db/schema/ was read for columns holding personal data; what
 * each one gets is said at its function. The users row and the audit trail are changed by their own modules (auth,
 * audit). `pattern` arguments are lib/address-pattern's: an address, found case-insensitively as a whole.
 */

/** What stands in for free text a deleted user wrote, in records the firm keeps. */
export const ERASED = '[erased]';

/** Replaces what `pattern` finds in a text column, for a set. */
const replaced = (column: SQLWrapper, pattern: string, replacement: string) =>
  sql`regexp_replace(${column}, ${pattern}, ${replacement}, 'gi')`;
/** Whether `pattern` finds something in a text column. */
const mentions = (column: SQLWrapper, pattern: string) => sql`${column} ~* ${pattern}`;

/**
 * The addresses the account's links went to (verification, address changes): its former addresses, and the one it
 * has. An address another account holds now is that account's, and is left out.
 */
export async function formerAddresses(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: sql<string>`lower(${emailTokens.email})` })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        sql`not exists (select 1 from ${users} where ${users.email} = lower(${emailTokens.email}) and ${users.id} <> ${userId})`,
      ),
    );
  return rows.map((row) => row.email);
}

/** The account's sessions end now (a deletion asked for, or carried out). */
export async function deleteSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Every API key of the account stops working now; the rows stay until the deletion is carried out. */
export async function revokeApiKeys(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length;
}

/**
 * What has no legal reason to stay goes: the cart, notifications and their preferences, devices, sessions, API keys,
 * integrations (with their delivery logs), QR codes, AI analyses, automation rules (with their runs), bulk
 * operations (their payloads and CSV outputs hold the account's data), 2FA backup codes, passkeys and their
 * pending challenges, e-mail links and data exports. Reviews go too, and the products' review figures drop with them.
 */
export async function deleteUnkept(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
  await db.delete(notifications).where(eq(notifications.userId, userId));
  // Live events replay notifications and changes for a few minutes (decision 039): theirs go with them.
  await db.delete(liveEvents).where(eq(liveEvents.userId, userId));
  // Changes still waiting to be told in one mail (MAIL_COALESCE_SECONDS) are told to nobody now.
  await db.delete(mailPendingChanges).where(eq(mailPendingChanges.userId, userId));
  await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await db.delete(mobileDevices).where(eq(mobileDevices.userId, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(apiKeys).where(eq(apiKeys.userId, userId));
  await db.delete(integrations).where(eq(integrations.userId, userId));
  await db.delete(qrCodes).where(eq(qrCodes.userId, userId));
  await db.delete(aiAnalyses).where(eq(aiAnalyses.userId, userId));
  await db.delete(automationRules).where(eq(automationRules.userId, userId));
  await db.delete(bulkOperations).where(eq(bulkOperations.userId, userId));
  await db.delete(mfaBackupCodes).where(eq(mfaBackupCodes.userId, userId));
  // The organisation loses the member at once (its owners see the departure); a last owner's organisation gets its
  // next owner from a Director.
  await db.delete(organizationMembers).where(eq(organizationMembers.userId, userId));
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
  await db.delete(emailTokens).where(eq(emailTokens.userId, userId));
  await db.delete(dataExports).where(eq(dataExports.userId, userId));
  // The products' review figures drop with the reviews, in the same statement (a data-modifying CTE).
  await db.execute(sql`
    with removed as (
      delete from ${productReviews} where ${productReviews.userId} = ${userId} returning product_id, rating
    )
    update ${products} set
      review_count = review_count - gone.reviews,
      rating_total = rating_total - gone.rating
    from (select product_id, count(*)::int as reviews, sum(rating)::int as rating from removed group by product_id) gone
    where ${products.id} = gone.product_id`);
}

/**
 * Mail: the outbox rows of the account or to any of its addresses go (their text greets the user and holds links
 * and details); rows to other people that mention an address (a Director's alert naming the payer) keep their text
 * with `replacement` in the address's place.
 */
export async function eraseMail(
  db: DbOrTx,
  userId: string,
  addresses: string[],
  patterns: string[],
  replacement: string,
): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(or(eq(mailOutbox.userId, userId), inArray(sql`lower(${mailOutbox.toAddress})`, addresses)));
  for (const pattern of patterns) {
    await db
      .update(mailOutbox)
      .set({
        subject: replaced(mailOutbox.subject, pattern, replacement),
        text: replaced(mailOutbox.text, pattern, replacement),
        html: replaced(mailOutbox.html, pattern, replacement),
      })
      .where(
        or(
          mentions(mailOutbox.subject, pattern),
          mentions(mailOutbox.text, pattern),
          mentions(mailOutbox.html, pattern),
        ),
      );
  }
}

/** The queued outbox messages of the account or to its addresses, to hand over before they are erased. */
export async function queuedMail(db: DbOrTx, userId: string, addresses: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'queued'),
        or(eq(mailOutbox.userId, userId), inArray(sql`lower(${mailOutbox.toAddress})`, addresses)),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * What other people's records say about the account, by address: other users' notifications (a Director told who
 * applied or paid), the payloads of integration deliveries and automation runs (copies of events), and the rate
 * limit counters keyed by an address (failed sign-ins, reset requests), which are dropped.
 */
export async function replaceMentions(db: DbOrTx, pattern: string, replacement: string): Promise<void> {
  await db
    .update(notifications)
    .set({
      title: replaced(notifications.title, pattern, replacement),
      message: replaced(notifications.message, pattern, replacement),
    })
    .where(or(mentions(notifications.title, pattern), mentions(notifications.message, pattern)));
  await db
    .update(integrationDeliveries)
    .set({
      payload: sql`${replaced(sql`${integrationDeliveries.payload}::text`, pattern, replacement)}::jsonb`,
    })
    .where(mentions(sql`${integrationDeliveries.payload}::text`, pattern));
  await db
    .update(automationRuns)
    .set({ eventData: sql`${replaced(sql`${automationRuns.eventData}::text`, pattern, replacement)}::jsonb` })
    .where(mentions(sql`${automationRuns.eventData}::text`, pattern));
  await db.delete(rateLimits).where(mentions(rateLimits.key, pattern));
  // Others' live events that named the address (a Director's notification of it) are only a replay buffer: dropped.
  await db.delete(liveEvents).where(mentions(sql`${liveEvents.data}::text`, pattern));
}

/**
 * The records the firm keeps lose their personal data. Service inquiries, investigation requests and cases keep
 * their kind, status, dates, amounts and declarations; their names, contact details and the text the user wrote are
 * erased. The user's own case updates are erased; staff updates on the user's cases keep their text with
 * `replacement` for any mention of the address. Secure-channel requests made by the account or with one of its
 * addresses lose name, contact details, free text and IP. Vendor applications keep the company's name and the
 * Director's decision, and lose the contact details and description. Orders keep their lines and totals; the
 * shipping address keeps only its country (invoices name the jurisdiction). Active subscriptions stop renewing.
 * Page views and searches stay as anonymous statistics.
 */
export async function eraseKept(
  db: DbOrTx,
  userId: string,
  addresses: string[],
  patterns: string[],
  replacement: string,
): Promise<void> {
  await db
    .update(serviceInquiries)
    .set({
      clientName: ERASED,
      clientEmail: replacement,
      clientPhone: ERASED,
      organizationName: null,
      serviceDescription: ERASED,
      technicalRequirements: ERASED,
      dataScope: ERASED,
      deliveryTimeframe: ERASED,
      businessJustification: ERASED,
      intendedUse: ERASED,
      dataHandling: ERASED,
      securityRequirements: null,
      complianceNeeds: null,
      preferredMeetingTime: null,
      legalBasis: ERASED,
    })
    .where(eq(serviceInquiries.userId, userId));

  await db
    .update(investigationRequests)
    .set({
      subject: ERASED,
      description: ERASED,
      organizationName: null,
      authorizedRepresentative: ERASED,
      representativeTitle: null,
      legalBasis: ERASED,
      courtOrderNumber: null,
      attorneyName: null,
      barNumber: null,
      targetInformation: ERASED,
      jurisdictionConcerns: null,
      expectedTimeframe: ERASED,
      riskFactors: null,
      previousInvestigations: null,
      dataRetentionRequirements: null,
      reportingRequirements: null,
      updatedAt: sql`now()`,
    })
    .where(eq(investigationRequests.userId, userId));

  await db
    .update(cases)
    .set({ title: ERASED, description: ERASED, clientRequirements: null, updatedAt: sql`now()` })
    .where(eq(cases.userId, userId));
  await db.update(caseUpdates).set({ title: null, content: ERASED }).where(eq(caseUpdates.authorId, userId));
  const ownCases = sql`${caseUpdates.caseId} in (select ${cases.id} from ${cases} where ${cases.userId} = ${userId})`;
  for (const pattern of patterns) {
    await db
      .update(caseUpdates)
      .set({
        title: replaced(caseUpdates.title, pattern, replacement),
        content: replaced(caseUpdates.content, pattern, replacement),
      })
      .where(and(ownCases, or(mentions(caseUpdates.title, pattern), mentions(caseUpdates.content, pattern))));
  }

  await db
    .update(secureChannelRequests)
    .set({
      fullName: ERASED,
      email: replacement,
      phone: ERASED,
      organization: null,
      accessPurpose: ERASED,
      operationalNeed: ERASED,
      referenceContact: ERASED,
      emergencyContact: ERASED,
      complianceRequirements: null,
      ip: null,
      updatedAt: sql`now()`,
    })
    .where(
      or(
        eq(secureChannelRequests.userId, userId),
        inArray(sql`lower(${secureChannelRequests.email})`, addresses),
      ),
    );

  await db
    .update(vendorApplications)
    .set({ contactEmail: replacement, phone: ERASED, description: ERASED, updatedAt: sql`now()` })
    .where(eq(vendorApplications.userId, userId));

  await db
    .update(orders)
    .set({
      shippingAddress: sql`jsonb_build_object(
        'fullName', ${ERASED}::text, 'line1', ${ERASED}::text, 'city', ${ERASED}::text,
        'state', ${ERASED}::text, 'postalCode', ${ERASED}::text, 'phone', ${ERASED}::text,
        'country', ${orders.shippingAddress}->'country'
      )`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.userId, userId));

  await db
    .update(subscriptions)
    .set({
      cancelAtPeriodEnd: true,
      cancelledAt: sql`coalesce(${subscriptions.cancelledAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')));

  await db.update(pageViews).set({ userId: null }).where(eq(pageViews.userId, userId));
  await db.update(searchLog).set({ userId: null }).where(eq(searchLog.userId, userId));
}
