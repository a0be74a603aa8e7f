import { IST_OFFSET_MS, stateByCode } from '../../../contract/gst.js';
import { B2CL_THRESHOLD, type Gstr1Query, type Gstr1Table } from '../../../contract/gst-returns.js';
import type { AppContext } from '../../infra/context.js';
import { toCsv } from '../../lib/csv.js';
import { fromMinor, toMinor } from '../../lib/money.js';
import * as repository from './orders.repository.js';
import type { InvoiceRateRow } from './orders.repository.js';

/*
 * GSTR-1 tables of a month (design 12.7, contract/gst-returns.ts): the month's tax invoices and credit notes, laid
 * out as the GST portal's offline tool reads them. Months, dates and numbers are in Indian time, as the documents'.
 */

/** The headers of each table, as the offline tool's CSV templates have them. */
const HEADERS: Record<Gstr1Table, string[]> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The first moment of `2026-11` in India and of the month after it. */
function monthBounds(month: string): { from: Date; to: Date } {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(year, index - 1, 1) - IST_OFFSET_MS);
  const to = new Date(Date.UTC(year, index, 1) - IST_OFFSET_MS);
  return { from, to };
}

/** `05-Nov-2026`, the offline tool's date, in Indian time. */
function returnDate(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  return `${String(ist.getUTCDate()).padStart(2, '0')}-${MONTHS[ist.getUTCMonth()]}-${ist.getUTCFullYear()}`;
}

/** `29-Karnataka`, the offline tool's place of supply. */
const placeOfSupply = (code: string) => `${code}-${stateByCode(code)?.name ?? 'Unknown'}`;

/** Which table an invoice belongs to (and with it, its credit notes). */
function tableOf(
  row: Pick<InvoiceRateRow, 'gstin' | 'intraState' | 'invoiceValue'>,
): 'b2b' | 'b2cl' | 'b2cs' {
  if (row.gstin) return 'b2b';
  return !row.intraState && toMinor(row.invoiceValue) > B2CL_THRESHOLD * 100 ? 'b2cl' : 'b2cs';
}

/** `GET /api/admin/gst-returns` (Directors): one GSTR-1 table of a month as CSV, headers first. */
export async function gstr1Csv(ctx: AppContext, { month, table }: Gstr1Query): Promise<string> {
  const { from, to } = monthBounds(month);
  const rows: (string | number)[][] = [];
  if (table === 'b2b' || table === 'b2cl') {
    for (const row of await repository.invoiceRatesIssued(ctx.db, from, to)) {
      if (tableOf(row) !== table) continue;
      const invoice = [
        row.number,
        returnDate(row.issuedAt),
        row.invoiceValue,
        placeOfSupply(row.placeOfSupply),
      ];
      rows.push(
        table === 'b2b'
          ? [
              row.gstin!,
              row.buyerName,
              ...invoice,
              'N',
              '',
              'Regular B2B',
              '',
              row.rate,
              row.taxableValue,
              '',
            ]
          : [...invoice, '', row.rate, row.taxableValue, '', ''],
      );
    }
  } else if (table === 'cdnr' || table === 'cdnur') {
    const wanted = table === 'cdnr' ? 'b2b' : 'b2cl';
    for (const row of await repository.creditNoteRatesIssued(ctx.db, from, to)) {
      if (tableOf(row) !== wanted) continue;
      const note = [row.number, returnDate(row.issuedAt)];
      const place = placeOfSupply(row.placeOfSupply);
      rows.push(
        table === 'cdnr'
          ? [
              row.gstin!,
              row.buyerName,
              ...note,
              'C',
              place,
              'N',
              'Regular B2B',
              row.noteValue,
              '',
              row.rate,
              row.taxableValue,
              '',
            ]
          : ['B2CL', ...note, 'C', place, row.noteValue, '', row.rate, row.taxableValue, ''],
      );
    }
  } else {
    // Small consumer invoices are summed by place of supply and rate, less the month's credit notes against them.
    const sums = new Map<string, { place: string; rate: string; minor: number }>();
    const add = (row: InvoiceRateRow, sign: 1 | -1) => {
      if (tableOf(row) !== 'b2cs') return;
      const key = `${row.placeOfSupply}|${row.rate}`;
      const sum = sums.get(key) ?? { place: row.placeOfSupply, rate: row.rate, minor: 0 };
      sum.minor += sign * toMinor(row.taxableValue);
      sums.set(key, sum);
    };
    for (const row of await repository.invoiceRatesIssued(ctx.db, from, to)) add(row, 1);
    for (const row of await repository.creditNoteRatesIssued(ctx.db, from, to)) add(row, -1);
    const ordered = [...sums.values()].sort(
      (a, b) => a.place.localeCompare(b.place) || Number(a.rate) - Number(b.rate),
    );
    for (const sum of ordered) {
      // A month whose credit notes outweigh its sales in a state and rate has a negative sum: written as a number.
      const value = sum.minor < 0 ? sum.minor / 100 : fromMinor(sum.minor);
      if (sum.minor !== 0) rows.push(['OE', placeOfSupply(sum.place), '', sum.rate, value, '', '']);
    }
  }
  return toCsv([HEADERS[table], ...rows]);
}
