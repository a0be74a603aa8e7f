import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { creditNoteLines, creditNotes, documentCounters, invoices } from '../../db/schema/index.js';

/**
 * The next number of a series in a financial year. The upsert takes the counter row's lock until the caller's
 * transaction ends, so concurrent issuers queue on it and a rollback gives the number back: no gaps, no repeats.
 */
export async function nextNumber(db: DbOrTx, series: string, financialYear: string): Promise<number> {
  const [row] = await db
    .insert(documentCounters)
    .values({ series, financialYear, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.financialYear],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  return row!.last;
}

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type CreditNoteLineRow = typeof creditNoteLines.$inferSelect;

export async function insertInvoice(db: DbOrTx, invoice: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(invoice).returning();
  return row!;
}

export async function invoicesOf(db: DbOrTx, orderIds: string[]): Promise<InvoiceRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(invoices).where(inArray(invoices.orderId, orderIds));
}

export async function insertCreditNote(
  db: DbOrTx,
  note: typeof creditNotes.$inferInsert,
  lines: Omit<typeof creditNoteLines.$inferInsert, 'creditNoteId'>[],
): Promise<CreditNoteRow> {
  const [row] = await db.insert(creditNotes).values(note).returning();
  await db.insert(creditNoteLines).values(lines.map((line) => ({ ...line, creditNoteId: row!.id })));
  return row!;
}

export async function creditNotesOf(db: DbOrTx, orderIds: string[]): Promise<CreditNoteRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.orderId, orderIds))
    .orderBy(desc(creditNotes.issuedAt), desc(creditNotes.number));
}

export async function findCreditNote(db: DbOrTx, orderId: string, id: string): Promise<CreditNoteRow | null> {
  const [row] = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.orderId, orderId), eq(creditNotes.id, id)));
  return row ?? null;
}

export async function creditNoteLinesOf(db: DbOrTx, creditNoteId: string): Promise<CreditNoteLineRow[]> {
  return db
    .select()
    .from(creditNoteLines)
    .where(eq(creditNoteLines.creditNoteId, creditNoteId))
    .orderBy(asc(creditNoteLines.id));
}
