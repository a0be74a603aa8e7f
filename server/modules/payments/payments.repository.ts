import type { DbOrTx } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';

export type NewPayment = typeof payments.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(db: DbOrTx, payment: NewPayment): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(payment).returning();
  return row!;
}
