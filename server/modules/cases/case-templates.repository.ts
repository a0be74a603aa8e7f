import { and, asc, eq } from 'drizzle-orm';
import type { CaseCategory } from '../../../contract/cases.js';
import type { DbOrTx } from '../../db/client.js';
import { caseTemplates } from '../../db/schema/index.js';

export type TemplateRow = typeof caseTemplates.$inferSelect;
export type NewTemplate = typeof caseTemplates.$inferInsert;

/** Templates by name (a short list a Director picks from). */
export async function listTemplates(db: DbOrTx): Promise<TemplateRow[]> {
  return db.select().from(caseTemplates).orderBy(asc(caseTemplates.name), asc(caseTemplates.id));
}

export async function findTemplate(db: DbOrTx, id: string): Promise<TemplateRow | null> {
  const [row] = await db.select().from(caseTemplates).where(eq(caseTemplates.id, id));
  return row ?? null;
}

export async function insertTemplate(db: DbOrTx, row: NewTemplate): Promise<TemplateRow> {
  const [created] = await db.insert(caseTemplates).values(row).returning();
  return created!;
}

export async function updateTemplate(
  db: DbOrTx,
  id: string,
  changes: Pick<NewTemplate, 'name' | 'category' | 'autoApply' | 'tasks'>,
): Promise<TemplateRow | null> {
  const [row] = await db.update(caseTemplates).set(changes).where(eq(caseTemplates.id, id)).returning();
  return row ?? null;
}

export async function deleteTemplate(db: DbOrTx, id: string): Promise<boolean> {
  const deleted = await db
    .delete(caseTemplates)
    .where(eq(caseTemplates.id, id))
    .returning({ id: caseTemplates.id });
  return deleted.length > 0;
}

/** The templates applied by themselves to a new case of `category`, oldest first. */
export async function autoTemplates(db: DbOrTx, category: CaseCategory): Promise<TemplateRow[]> {
  return db
    .select()
    .from(caseTemplates)
    .where(and(eq(caseTemplates.category, category), eq(caseTemplates.autoApply, true)))
    .orderBy(asc(caseTemplates.createdAt), asc(caseTemplates.id));
}
