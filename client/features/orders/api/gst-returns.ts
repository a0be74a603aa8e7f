import type { Gstr1Table } from '@contract/gst-returns';

export const GST_RETURNS_PATH = '/api/admin/gst-returns';

/** A GSTR-1 table of a month as CSV (Directors): a download link, which the browser follows with the session. */
export const gstReturnUrl = (month: string, table: Gstr1Table) =>
  `${GST_RETURNS_PATH}?month=${encodeURIComponent(month)}&table=${table}`;
