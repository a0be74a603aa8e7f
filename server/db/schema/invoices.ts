import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns.js';
import { orderLines, orderReturns, orders } from './orders.js';

/**
 * The last number issued in each series (`INV`, `CN`) and financial year. The paying (or crediting) transaction
 * takes the next number with one `insert ... on conflict do update ... returning`, which holds the row's lock until
 * it commits: a transaction that rolls back gives its number back, so numbers have no gaps (a sequence would).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    /** `2026-27`: 1 April to 31 March. */
    financialYear: text('financial_year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.financialYear] }),
    check('document_counters_last_positive', sql`${t.last} >= 1`),
  ],
);

/** The supplier as printed on a document, copied when it is issued so a later change of settings rewrites nothing. */
export interface Supplier {
  legalName: string;
  address: string;
  gstin: string;
  stateCode: string;
}

/** A tax invoice (CGST rule 46), one per paid order; its lines are the order's lines. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    supplier: jsonb('supplier').$type<Supplier>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('invoices_number_format', sql`${t.number} ~ '^[A-Z0-9/-]{1,16}$'`)],
);

/** A credit note (section 34 of the CGST Act): what a cancellation or an approved return took off an invoice. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    /** The return it credits; null for a cancellation. */
    returnId: uuid('return_id')
      .unique()
      .references(() => orderReturns.id, { onDelete: 'restrict' }),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    reason: text('reason').notNull(),
    total: money('total').notNull(),
    supplier: jsonb('supplier').$type<Supplier>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check('credit_notes_number_format', sql`${t.number} ~ '^[A-Z0-9/-]{1,16}$'`),
    check('credit_notes_total_positive', sql`${t.total} > 0`),
    index('credit_notes_order_idx').on(t.orderId),
  ],
);

export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creditNoteId: uuid('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    taxableValue: money('taxable_value').notNull(),
    cgst: money('cgst').notNull(),
    sgst: money('sgst').notNull(),
    igst: money('igst').notNull(),
    total: money('total').notNull(),
  },
  (t) => [
    check('credit_note_lines_quantity_positive', sql`${t.quantity} >= 1`),
    check(
      'credit_note_lines_tax_adds_up',
      sql`${t.taxableValue} + ${t.cgst} + ${t.sgst} + ${t.igst} = ${t.total}`,
    ),
    index('credit_note_lines_note_idx').on(t.creditNoteId),
  ],
);
