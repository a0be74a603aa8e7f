import { useState } from 'react';
import { Download } from 'lucide-react';
import { IST_OFFSET_MS } from '@contract/gst';
import { GSTR1_TABLE_LABELS, GSTR1_TABLES, MONTH_PATTERN } from '@contract/gst-returns';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { gstReturnUrl } from '@/features/orders/api/gst-returns';

/** This month in Indian time (`2026-11`), as the return counts months. */
function currentMonth(now = Date.now()): string {
  return new Date(now + IST_OFFSET_MS).toISOString().slice(0, 7);
}

/**
 * Directors: a month's GSTR-1 tables to download as CSV (B2B, B2C large and small, credit notes), for the GST
 * portal's offline tool or the firm's accountant.
 */
export function GstReturnsCard() {
  const [month, setMonth] = useState(currentMonth);
  const valid = MONTH_PATTERN.test(month);
  return (
    <Card>
      <CardHeader>
        <CardTitle>GST returns</CardTitle>
        <CardDescription>
          A month’s tax invoices and credit notes as the CSV tables of GSTR-1, one row per invoice (or note)
          and rate; small consumer sales summed by state and rate.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start">
        <TextField
          label="Month"
          type="month"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          error={valid ? undefined : 'Choose a month'}
        />
        <ul aria-label="GSTR-1 tables" className="grid gap-2 sm:grid-cols-2 sm:pt-6">
          {GSTR1_TABLES.map((table) => (
            <li key={table}>
              <Button
                asChild
                variant="outline"
                className="h-auto min-h-9 w-full justify-start text-left whitespace-normal"
              >
                <a href={valid ? gstReturnUrl(month, table) : undefined} download aria-disabled={!valid}>
                  <Download aria-hidden="true" />
                  {GSTR1_TABLE_LABELS[table]}
                </a>
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
