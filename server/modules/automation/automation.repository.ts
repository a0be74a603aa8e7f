import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { automationRules, automationRuns, automationSigningSecrets, users } from '../../db/schema/index.js';

export type RuleRow = typeof automationRules.$inferSelect;
export type NewRule = typeof automationRules.$inferInsert;
export type RunRow = typeof automationRuns.$inferSelect;
export type NewRun = typeof automationRuns.$inferInsert;

const eventOf = sql`${automationRules.trigger}->>'event'`;

export async function listRules(db: DbOrTx, userId: string, limit: number): Promise<RuleRow[]> {
  return db
    .select()
    .from(automationRules)
    .where(eq(automationRules.userId, userId))
    .orderBy(desc(automationRules.createdAt), desc(automationRules.id))
    .limit(limit);
}

export async function findRule(db: DbOrTx, userId: string, id: string): Promise<RuleRow | null> {
  const [row] = await db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.id, id), eq(automationRules.userId, userId)));
  return row ?? null;
}

export async function insertRule(db: DbOrTx, row: NewRule): Promise<RuleRow> {
  const [created] = await db.insert(automationRules).values(row).returning();
  return created!;
}

export async function updateRule(
  db: DbOrTx,
  userId: string,
  id: string,
  changes: Partial<Pick<RuleRow, 'name' | 'trigger' | 'actions' | 'isActive'>>,
): Promise<RuleRow | null> {
  const [row] = await db
    .update(automationRules)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(automationRules.id, id), eq(automationRules.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteRule(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(automationRules)
    .where(and(eq(automationRules.id, id), eq(automationRules.userId, userId)))
    .returning({ id: automationRules.id });
  return rows.length > 0;
}

/** One user's active rules for an event (the partial index on user and trigger->>'event'). */
export async function activeRulesForUser(db: DbOrTx, userId: string, event: string): Promise<RuleRow[]> {
  return db
    .select()
    .from(automationRules)
    .where(
      and(eq(automationRules.userId, userId), eq(automationRules.isActive, true), sql`${eventOf} = ${event}`),
    );
}

/** Every user's active rules for an event, only for users at `minimumTier` or above. */
export async function activeRulesForEveryone(
  db: DbOrTx,
  event: string,
  minimumTier: number,
): Promise<RuleRow[]> {
  const rows = await db
    .select({ rule: automationRules })
    .from(automationRules)
    .innerJoin(users, eq(users.id, automationRules.userId))
    .where(and(eq(automationRules.isActive, true), sql`${eventOf} = ${event}`, gte(users.tier, minimumTier)));
  return rows.map((row) => row.rule);
}

/** A rule with its owner's tier (a queued run checks both again when it starts). */
export async function findRuleWithOwnerTier(
  db: DbOrTx,
  id: string,
): Promise<(RuleRow & { ownerTier: number }) | null> {
  const [row] = await db
    .select({ rule: automationRules, ownerTier: users.tier })
    .from(automationRules)
    .innerJoin(users, eq(users.id, automationRules.userId))
    .where(eq(automationRules.id, id));
  return row ? { ...row.rule, ownerTier: row.ownerTier } : null;
}

/** Call inside a transaction: the run and the rule's counters move together (one increment, no lost updates). */
export async function recordRun(db: DbOrTx, run: NewRun): Promise<RunRow> {
  const [created] = await db.insert(automationRuns).values(run).returning();
  await db
    .update(automationRules)
    .set({
      executionCount: sql`${automationRules.executionCount} + 1`,
      lastExecuted: sql`now()`,
    })
    .where(eq(automationRules.id, run.ruleId));
  return created!;
}

export async function listRuns(db: DbOrTx, ruleId: string, limit: number): Promise<RunRow[]> {
  return db
    .select()
    .from(automationRuns)
    .where(eq(automationRuns.ruleId, ruleId))
    .orderBy(desc(automationRuns.createdAt), desc(automationRuns.id))
    .limit(limit);
}

export type SigningSecretRow = typeof automationSigningSecrets.$inferSelect;

export async function findSigningSecret(db: DbOrTx, userId: string): Promise<SigningSecretRow | null> {
  const [row] = await db
    .select()
    .from(automationSigningSecrets)
    .where(eq(automationSigningSecrets.userId, userId));
  return row ?? null;
}

/** Stores the user's (sealed) signing secret, replacing the one before. */
export async function putSigningSecret(
  db: DbOrTx,
  userId: string,
  sealed: string,
): Promise<SigningSecretRow> {
  const [row] = await db
    .insert(automationSigningSecrets)
    .values({ userId, secret: sealed })
    .onConflictDoUpdate({
      target: automationSigningSecrets.userId,
      set: { secret: sealed, createdAt: sql`now()` },
    })
    .returning();
  return row!;
}
