import { useState, type ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import { EvidencePanel } from '@/features/evidence/components/evidence-panel';

interface EvidenceDisclosureProps {
  /** The subject's API path, e.g. `/api/investigations/{id}`. */
  base: string;
  director: boolean;
  /** What the summary says (the row's subject goes in the accessible name). */
  label?: string;
  /** A slot above the files, filled by the app (decision 011): the subject's report buttons (reports). */
  actions?: ReactNode;
}

/**
 * "Files and report" folded under a list row: the `actions` (the report buttons) and the files panel, loaded only
 * once opened (a list of requests does not fetch every request's files).
 */
export function EvidenceDisclosure({
  base,
  director,
  label = 'Files and report',
  actions,
}: EvidenceDisclosureProps) {
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
          {actions}
          <EvidencePanel base={base} director={director} />
        </div>
      )}
    </details>
  );
}
