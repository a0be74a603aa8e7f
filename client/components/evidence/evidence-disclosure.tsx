import { useState } from 'react';
import { ChevronRight } from 'lucide-react';
import { EvidencePanel } from '@/components/evidence/evidence-panel';
import { ReportButtons } from '@/components/evidence/report-buttons';

interface EvidenceDisclosureProps {
  /** The subject's API path, e.g. `/api/investigations/{id}`. */
  base: string;
  director: boolean;
  /** What the summary says (the row's subject goes in the accessible name). */
  label?: string;
}

/**
 * "Files and report" folded under a list row: the files panel and the report buttons, loaded only once opened
 * (a list of requests does not fetch every request's files).
 */
export function EvidenceDisclosure({ base, director, label = 'Files and report' }: EvidenceDisclosureProps) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="group rounded-md border bg-background/40 px-3 py-2"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="flex cursor-pointer list-none items-center gap-1 text-sm font-medium select-none">
        <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
        {label}
      </summary>
      {open && (
        <div className="mt-3 grid gap-4">
          <ReportButtons base={base} director={director} />
          <EvidencePanel base={base} director={director} />
        </div>
      )}
    </details>
  );
}
