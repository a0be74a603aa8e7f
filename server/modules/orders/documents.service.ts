import { stateByCode } from '../../../contract/gst.js';
import type { AppContext } from '../../infra/context.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { fromMinor, toMinor } from '../../lib/money.js';
import * as invoices from '../invoices/invoices.service.js';
import * as repository from './orders.repository.js';

type OrderRow = NonNullable<Awaited<ReturnType<typeof repository.findOrder>>>;

function recipientOf(order: OrderRow) {
  const a = order.shippingAddress;
  return {
    name: a.fullName,
    address: [a.line1, a.line2, `${a.city}, ${a.state} ${a.postalCode}`, a.country]
      .filter(Boolean)
      .join(', '),
    gstin: a.gstin ?? null,
  };
}

const placeOfSupply = (order: OrderRow) => {
  const code = order.placeOfSupply ?? '';
  return `${stateByCode(code)?.name ?? order.shippingAddress.state} (${code || 'n/a'})`;
};

async function ownOrder(ctx: AppContext, userId: string, orderId: string) {
  const order = isId(orderId) ? await repository.findOrder(ctx.db, userId, orderId) : null;
  if (!order) throw notFound('Order');
  const [invoice] = await invoices.invoicesOf(ctx.db, [order.id]);
  if (!invoice) throw notFound('Invoice');
  return { order, invoice };
}

/** The tax invoice of one of the user's orders as a PDF; 404 before the order is paid. */
export async function invoicePdf(ctx: AppContext, userId: string, orderId: string) {
  const { order, invoice } = await ownOrder(ctx, userId, orderId);
  const lines = await repository.listLines(ctx.db, [order.id]);
  const pdf = await invoices.renderTaxDocument({
    kind: 'invoice',
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    supplier: invoice.supplier,
    recipient: recipientOf(order),
    placeOfSupply: placeOfSupply(order),
    orderNumber: order.orderNumber,
    lines: lines.map((line) => ({
      hsnCode: line.hsnCode ?? '',
      description: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      taxableValue: line.taxableValue ?? line.lineTotal,
      gstRate: line.gstRate ?? '0',
      cgst: line.cgst ?? '0.00',
      sgst: line.sgst ?? '0.00',
      igst: line.igst ?? '0.00',
      total: line.lineTotal,
    })),
  });
  return { pdf, filename: `${invoice.number.replaceAll('/', '-')}.pdf` };
}

/** One credit note of one of the user's orders as a PDF. */
export async function creditNotePdf(ctx: AppContext, userId: string, orderId: string, creditNoteId: string) {
  const { order, invoice } = await ownOrder(ctx, userId, orderId);
  const note = isId(creditNoteId) ? await invoices.findCreditNote(ctx.db, order.id, creditNoteId) : null;
  if (!note) throw notFound('Credit note');
  const [noteLines, lines] = await Promise.all([
    invoices.creditNoteLinesOf(ctx.db, note.id),
    repository.linesForRead(ctx.db, order.id),
  ]);
  const pdf = await invoices.renderTaxDocument({
    kind: 'credit_note',
    number: note.number,
    issuedAt: note.issuedAt,
    supplier: note.supplier,
    recipient: recipientOf(order),
    placeOfSupply: placeOfSupply(order),
    orderNumber: order.orderNumber,
    against: { invoiceNumber: invoice.number, invoiceDate: invoice.issuedAt, reason: note.reason },
    lines: noteLines.map((noteLine) => {
      const line = lines.find((candidate) => candidate.id === noteLine.orderLineId)!;
      return {
        hsnCode: line.hsnCode ?? '',
        description: line.name,
        quantity: noteLine.quantity,
        unitPrice: line.unitPrice,
        taxableValue: noteLine.taxableValue,
        gstRate: line.gstRate ?? '0',
        cgst: noteLine.cgst,
        sgst: noteLine.sgst,
        igst: noteLine.igst,
        total: fromMinor(toMinor(noteLine.total)),
      };
    }),
  });
  return { pdf, filename: `${note.number.replaceAll('/', '-')}.pdf` };
}
