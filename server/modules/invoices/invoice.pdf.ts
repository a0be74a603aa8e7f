import PDFDocument from 'pdfkit';
import { rupeesInWords } from '../../lib/amount-in-words.js';
import { toMinor } from '../../lib/money.js';
import { FONT, registerUnicodeFonts, writeText } from '../../lib/pdf-text.js';
import type { Supplier } from '../../db/schema/invoices.js';

/** One line of a tax invoice or credit note as printed. Amounts are decimal strings in rupees. */
export interface TaxDocumentLine {
  hsnCode: string;
  description: string;
  quantity: number;
  unitPrice: string;
  taxableValue: string;
  gstRate: string;
  cgst: string;
  sgst: string;
  igst: string;
  total: string;
}

/** What a tax invoice (CGST rule 46) or a credit note (rule 53) prints. */
export interface TaxDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: Date;
  supplier: Supplier;
  recipient: { name: string; address: string; gstin: string | null };
  /** "Karnataka (29)". */
  placeOfSupply: string;
  orderNumber: string;
  /** A credit note names the invoice it credits, and why. */
  against?: { invoiceNumber: string; invoiceDate: Date; reason: string };
  lines: TaxDocumentLine[];
}

const MARGIN = 40;
const INK = '#111827';
const MUTED = '#4b5563';

const indianFigure = (amount: string) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(amount),
  );
const sum = (lines: TaxDocumentLine[], pick: (line: TaxDocumentLine) => string) =>
  lines.reduce((total, line) => total + toMinor(pick(line)), 0);
const rupees = (minor: number) => indianFigure((minor / 100).toFixed(2));
const dateText = (at: Date) =>
  new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(at);

/**
 * Renders a tax invoice or credit note with pdfkit in the embedded Noto Sans: the supplier, the number and date, the
 * recipient, the place of supply, a line table with HSN, quantity, unit price, taxable value, rate and each tax, the
 * totals in figures and in words (Indian system), the reverse-charge statement and a signature line.
 */
export async function renderTaxDocument(document: TaxDocument): Promise<Buffer> {
  const title = document.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note';
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: `${title} ${document.number}`, Author: document.supplier.legalName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerUnicodeFonts(doc);
  const width = doc.page.width - MARGIN * 2;
  const write = (value: string, x?: number, y?: number, options: PDFKit.Mixins.TextOptions = {}) =>
    writeText(doc, value, x, y, options);

  doc.font(FONT.bold).fontSize(18).fillColor(INK);
  write(title, MARGIN, MARGIN);
  doc.font(FONT.regular).fontSize(9).fillColor(MUTED);
  write(
    document.kind === 'invoice' ? 'Original for recipient' : 'Issued under section 34 of the CGST Act, 2017',
  );

  const top = doc.y + 8;
  const half = width / 2 - 10;
  doc.font(FONT.bold).fontSize(10).fillColor(INK);
  write('Supplier', MARGIN, top);
  doc.font(FONT.regular).fontSize(9);
  write(document.supplier.legalName, MARGIN, undefined, { width: half });
  write(document.supplier.address, MARGIN, undefined, { width: half });
  write(`GSTIN: ${document.supplier.gstin}`, MARGIN, undefined, { width: half });
  write(`State code: ${document.supplier.stateCode}`, MARGIN, undefined, { width: half });
  const leftEnd = doc.y;

  const right = MARGIN + width / 2 + 10;
  doc.font(FONT.bold).fontSize(10);
  write(`${title} number: ${document.number}`, right, top, { width: half });
  doc.font(FONT.regular).fontSize(9);
  write(`Date: ${dateText(document.issuedAt)}`, right, undefined, { width: half });
  write(`Order: ${document.orderNumber}`, right, undefined, { width: half });
  write(`Place of supply: ${document.placeOfSupply}`, right, undefined, { width: half });
  if (document.against) {
    write(
      `Against invoice ${document.against.invoiceNumber} of ${dateText(document.against.invoiceDate)}`,
      right,
      undefined,
      { width: half },
    );
    write(`Reason: ${document.against.reason}`, right, undefined, { width: half });
  }
  doc.font(FONT.bold).fontSize(10);
  write('Recipient', right, doc.y + 6, { width: half });
  doc.font(FONT.regular).fontSize(9);
  write(document.recipient.name, right, undefined, { width: half });
  write(document.recipient.address, right, undefined, { width: half });
  write(
    document.recipient.gstin ? `GSTIN: ${document.recipient.gstin}` : 'GSTIN: unregistered',
    right,
    undefined,
    { width: half },
  );

  // The line table.
  const columns: {
    label: string;
    width: number;
    value: (line: TaxDocumentLine) => string;
    numeric?: true;
  }[] = [
    { label: 'HSN', width: 50, value: (line) => line.hsnCode },
    { label: 'Description', width: 190, value: (line) => line.description },
    { label: 'Qty', width: 35, value: (line) => String(line.quantity), numeric: true },
    {
      label: 'Unit price (incl. tax)',
      width: 80,
      value: (line) => indianFigure(line.unitPrice),
      numeric: true,
    },
    { label: 'Taxable value', width: 75, value: (line) => indianFigure(line.taxableValue), numeric: true },
    { label: 'Rate', width: 40, value: (line) => `${line.gstRate}%`, numeric: true },
    { label: 'CGST', width: 60, value: (line) => indianFigure(line.cgst), numeric: true },
    { label: 'SGST', width: 60, value: (line) => indianFigure(line.sgst), numeric: true },
    { label: 'IGST', width: 60, value: (line) => indianFigure(line.igst), numeric: true },
    { label: 'Total', width: 70, value: (line) => indianFigure(line.total), numeric: true },
  ];
  const scale = width / columns.reduce((total, column) => total + column.width, 0);
  const row = (cells: string[], y: number, bold: boolean) => {
    let x = MARGIN;
    let bottom = y;
    doc
      .font(bold ? FONT.bold : FONT.regular)
      .fontSize(8)
      .fillColor(INK);
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      const cellWidth = column.width * scale - 4;
      write(cell, x, y, { width: cellWidth, align: column.numeric ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += column.width * scale;
    });
    return bottom + 4;
  };
  let y = Math.max(leftEnd, doc.y) + 14;
  doc
    .moveTo(MARGIN, y - 4)
    .lineTo(MARGIN + width, y - 4)
    .strokeColor(MUTED)
    .lineWidth(0.5)
    .stroke();
  y = row(
    columns.map((column) => column.label),
    y,
    true,
  );
  doc
    .moveTo(MARGIN, y - 2)
    .lineTo(MARGIN + width, y - 2)
    .stroke();
  for (const line of document.lines) {
    if (y > doc.page.height - MARGIN - 140) {
      doc.addPage();
      y = MARGIN;
    }
    y = row(
      columns.map((column) => column.value(line)),
      y,
      false,
    );
  }
  doc
    .moveTo(MARGIN, y - 2)
    .lineTo(MARGIN + width, y - 2)
    .stroke();
  const total = sum(document.lines, (line) => line.total);
  y = row(
    [
      '',
      'Total',
      String(document.lines.reduce((n, line) => n + line.quantity, 0)),
      '',
      rupees(sum(document.lines, (line) => line.taxableValue)),
      '',
      rupees(sum(document.lines, (line) => line.cgst)),
      rupees(sum(document.lines, (line) => line.sgst)),
      rupees(sum(document.lines, (line) => line.igst)),
      rupees(total),
    ],
    y + 2,
    true,
  );

  doc.font(FONT.bold).fontSize(10).fillColor(INK);
  write(
    `${document.kind === 'invoice' ? 'Invoice total' : 'Credit total'}: INR ${rupees(total)}`,
    MARGIN,
    y + 10,
  );
  doc.font(FONT.regular).fontSize(9);
  write(`In words: ${rupeesInWords(total)}`, MARGIN, undefined, { width });
  write('Tax payable on reverse charge: No', MARGIN, undefined, { width });
  write('Prices include GST; the tax shown is contained in each line total.', MARGIN, undefined, { width });

  const signatureY = Math.max(doc.y + 30, doc.page.height - MARGIN - 50);
  doc.font(FONT.regular).fontSize(9).fillColor(INK);
  write(`For ${document.supplier.legalName}`, MARGIN + width - 260, signatureY, {
    width: 260,
    align: 'right',
  });
  doc
    .moveTo(MARGIN + width - 200, signatureY + 30)
    .lineTo(MARGIN + width, signatureY + 30)
    .strokeColor(INK)
    .stroke();
  write('Authorised signatory', MARGIN + width - 260, signatureY + 34, { width: 260, align: 'right' });
  doc.end();
  return done;
}
