import { sql, type AnyColumn } from 'drizzle-orm';

/*
 * A deleted account keeps its row, anonymised, for the orders, payments and audit events that must stay (design
 * 11.2). Staff see it as "Deleted user #n", numbered in the order deletions were carried out, wherever an address
 * would show: never the placeholder address the row holds.
 */

/** The name staff see for deleted account number `deletedNumber`. */
export function deletedUserLabel(deletedNumber: number): string {
  return `Deleted user #${deletedNumber}`;
}

/** A user's address as staff see it, for a select: the address, or "Deleted user #n" for a deleted account. */
export function shownEmail(table: { email: AnyColumn; deletedNumber: AnyColumn }) {
  return sql<string>`case when ${table.deletedNumber} is null then ${table.email} else 'Deleted user #' || ${table.deletedNumber} end`;
}
