import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { shownEmail } from '../../db/deleted-users.js';
import { payments, subscriptions, users } from '../../db/schema/index.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;

export async function insert(db: DbOrTx, row: NewSubscription): Promise<SubscriptionRow> {
  const [created] = await db.insert(subscriptions).values(row).returning();
  return created!;
}

export async function findById(db: DbOrTx, id: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(subscriptions).where(eq(subscriptions.id, id));
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}

export async function findActive(db: DbOrTx, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')));
  return row ?? null;
}

export async function findPending(db: DbOrTx, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'pending')))
    .limit(1);
  return row ?? null;
}

export async function listPendingWithUsers(db: DbOrTx, limit: number) {
  return db
    .select({
      subscription: subscriptions,
      userEmail: shownEmail(users),
      currentTier: users.tier,
      paymentStatus: payments.status,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(payments, eq(payments.subscriptionId, subscriptions.id))
    .where(eq(subscriptions.status, 'pending'))
    .orderBy(asc(subscriptions.createdAt))
    .limit(limit);
}

/** Starts the first period, which anchors the later ones; the subscription becomes the user's one active one. */
export async function activate(
  db: DbOrTx,
  id: string,
  start: Date,
  periodEnd: Date,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set({
      status: 'active',
      currentPeriodStart: start,
      currentPeriodEnd: periodEnd,
      periodAnchor: start,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.id, id))
    .returning();
  return row!;
}

export async function setStatus(
  db: DbOrTx,
  id: string,
  status: 'cancelled' | 'expired',
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .update(subscriptions)
    .set({ status, updatedAt: sql`now()`, ...(status === 'cancelled' ? { cancelledAt: sql`now()` } : {}) })
    .where(eq(subscriptions.id, id))
    .returning();
  return row ?? null;
}

export async function setCancelAtPeriodEnd(db: DbOrTx, id: string): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true, cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id))
    .returning();
  return row!;
}

export async function extendPeriod(
  db: DbOrTx,
  id: string,
  period: { start: Date; end: Date; anchor: Date },
): Promise<void> {
  await db
    .update(subscriptions)
    .set({
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      periodAnchor: period.anchor,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.id, id));
}

/** Active subscriptions whose period has ended by `now`, locked and skipped by a concurrent run. */
export async function lockEnded(db: DbOrTx, now: Date, limit: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        lte(subscriptions.currentPeriodEnd, now),
        // A renewal payment recorded but not yet answered by the card provider is still on its way (decision 018).
        sql`not exists (select 1 from ${payments} where ${payments.subscriptionId} = ${subscriptions.id}
              and ${payments.status} = 'pending' and ${payments.providerReference} is null)`,
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function listForUser(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'pending'])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(limit);
}

/** Pending upgrades to `tier` and above whose payment has completed: only a Director's approval is missing. */
export async function countPaidPending(db: DbOrTx, tier: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(distinct ${subscriptions.id})::int` })
    .from(subscriptions)
    .innerJoin(payments, eq(payments.subscriptionId, subscriptions.id))
    .where(
      and(
        eq(subscriptions.status, 'pending'),
        gte(subscriptions.tier, tier),
        eq(payments.status, 'completed'),
      ),
    );
  return row?.total ?? 0;
}
