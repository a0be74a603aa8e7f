import { z } from 'zod';

/**
 * GSTR-1, the monthly return of outward supplies (design 12.7): Directors download a month's tax invoices and credit
 * notes as CSV files laid out as the GST portal's offline tool's tables, one file per table.
 *
 * - `b2b`: invoices to a buyer who gave a GSTIN, one row per invoice and rate.
 * - `b2cl`: invoices to consumers in another state above `B2CL_THRESHOLD`, one row per invoice and rate.
 * - `b2cs`: the other consumer invoices, one row per place of supply and rate, net of the credit notes against them.
 * - `cdnr`: credit notes against `b2b` invoices, one row per note and rate.
 * - `cdnur`: credit notes against `b2cl` invoices, one row per note and rate.
 */
export const GSTR1_TABLES = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur'] as const;
export type Gstr1Table = (typeof GSTR1_TABLES)[number];

export const GSTR1_TABLE_LABELS: Record<Gstr1Table, string> = {
  b2b: 'B2B invoices (buyers with a GSTIN)',
  b2cl: 'B2C large (inter-state, above ₹1 lakh)',
  b2cs: 'B2C small (by state and rate)',
  cdnr: 'Credit notes, registered buyers',
  cdnur: 'Credit notes, unregistered buyers (B2C large)',
};

/** An inter-state invoice to a consumer above this value (rupees) is B2C large (notification 12/2024-Central Tax). */
export const B2CL_THRESHOLD = 100_000;

/** A return's month: `2026-11`. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `GET /api/admin/gst-returns?month=2026-11&table=b2b` (Directors): that month's table as CSV, in Indian time. */
export const gstr1QuerySchema = z.object({
  month: z.string({ error: 'Month is required' }).regex(MONTH_PATTERN, 'Month must look like 2026-11'),
  table: z.enum(GSTR1_TABLES, { error: `Table must be one of ${GSTR1_TABLES.join(', ')}` }),
});
export type Gstr1Query = z.infer<typeof gstr1QuerySchema>;
