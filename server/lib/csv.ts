/** Spreadsheets run a cell that starts with one of these as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: a text that a spreadsheet would read as a formula gets a leading `'` so it stays text (a number is
 * written as it is, a negative one too), and any field with a comma, quote or line break is quoted with its quotes
 * doubled (RFC 4180, section 2).
 */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of fields as RFC 4180 text: CRLF after every record, the header included. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
