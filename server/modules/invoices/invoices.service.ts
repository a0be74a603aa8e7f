import { IST_OFFSET_MS, stateByCode } from '../../../contract/gst.js';
import type { Tx, DbOrTx } from '../../db/client.js';
import type { Supplier } from '../../db/schema/invoices.js';
import type { AppContext } from '../../infra/context.js';
import { fromMinor } from '../../lib/money.js';
import type { TaxSplit } from '../../lib/gst-tax.js';
import * as repository from './invoices.repository.js';
import type { CreditNoteRow, InvoiceRow } from './invoices.repository.js';
import { renderTaxDocument, type TaxDocument } from './invoice.pdf.js';

export type { CreditNoteRow, InvoiceRow };

/**
 * Tax invoices and credit notes (CGST rule 46 and section 34, decision 038): their numbers, their rows and their
 * PDFs. What they are about (the order, its lines, the buyer) belongs to the orders module, which hands it in.
 */

/** India's financial year of a moment (1 April - 31 March, in Indian time): `2026-27`. */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** `INV/26-27/000042`: series, the year's short form and six digits; at most 16 characters (design 12.7). */
export function documentNumber(series: 'INV' | 'CN', financialYear: string, sequence: number): string {
  return `${series}/${financialYear.slice(2)}/${String(sequence).padStart(6, '0')}`;
}

export function supplierOf(ctx: AppContext): Supplier {
  return {
    legalName: ctx.config.SELLER_LEGAL_NAME,
    address: ctx.config.SELLER_ADDRESS,
    gstin: ctx.config.SELLER_GSTIN,
    stateCode: ctx.config.SELLER_STATE_CODE,
  };
}

/** Issues the tax invoice of a paid order in the paying transaction, with the next number of its year. */
export async function issueInvoice(ctx: AppContext, tx: Tx, orderId: string): Promise<InvoiceRow> {
  const financialYear = financialYearOf(ctx.now());
  const sequence = await repository.nextNumber(tx, 'INV', financialYear);
  return repository.insertInvoice(tx, {
    orderId,
    number: documentNumber('INV', financialYear, sequence),
    financialYear,
    supplier: supplierOf(ctx),
    issuedAt: ctx.now(),
  });
}

export interface CreditLine {
  orderLineId: string;
  quantity: number;
  split: TaxSplit;
}

/**
 * Issues a credit note against an order's invoice (a cancellation credits every line, an approved return its
 * lines), in the transaction that decides it, numbered in its own series.
 */
export async function issueCreditNote(
  ctx: AppContext,
  tx: Tx,
  input: { orderId: string; invoiceId: string; returnId: string | null; reason: string; lines: CreditLine[] },
): Promise<CreditNoteRow> {
  const financialYear = financialYearOf(ctx.now());
  const sequence = await repository.nextNumber(tx, 'CN', financialYear);
  const money = (split: TaxSplit) => ({
    taxableValue: fromMinor(split.taxable),
    cgst: fromMinor(split.cgst),
    sgst: fromMinor(split.sgst),
    igst: fromMinor(split.igst),
    total: fromMinor(split.taxable + split.cgst + split.sgst + split.igst),
  });
  const total = input.lines.reduce(
    (sum, line) => sum + line.split.taxable + line.split.cgst + line.split.sgst + line.split.igst,
    0,
  );
  return repository.insertCreditNote(
    tx,
    {
      orderId: input.orderId,
      invoiceId: input.invoiceId,
      returnId: input.returnId,
      number: documentNumber('CN', financialYear, sequence),
      financialYear,
      reason: input.reason,
      total: fromMinor(total),
      supplier: supplierOf(ctx),
      issuedAt: ctx.now(),
    },
    input.lines.map((line) => ({
      orderLineId: line.orderLineId,
      quantity: line.quantity,
      ...money(line.split),
    })),
  );
}

export const invoicesOf = (db: DbOrTx, orderIds: string[]) => repository.invoicesOf(db, orderIds);
export const creditNotesOf = (db: DbOrTx, orderIds: string[]) => repository.creditNotesOf(db, orderIds);
export const findCreditNote = (db: DbOrTx, orderId: string, id: string) =>
  repository.findCreditNote(db, orderId, id);
export const creditNoteLinesOf = (db: DbOrTx, creditNoteId: string) =>
  repository.creditNoteLinesOf(db, creditNoteId);

export function placeOfSupplyText(code: string): string {
  return `${stateByCode(code)?.name ?? 'Unknown'} (${code})`;
}

export { renderTaxDocument, type TaxDocument };
