import { useState } from 'react';
import { FileDown } from 'lucide-react';
import type { ReportVersion } from '@contract/reports';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { produceReport, ReportTimeout } from '@/features/reports/api/produce-report';
import { saveFile } from '@/lib/save-file';
import { toastFailure } from '@/lib/failure-toast';

interface ReportButtonsProps {
  /** The subject's API path: `/api/cases/{id}` or `/api/investigations/{id}`. */
  base: string;
  /** Directors may also download the staff version (with internal notes and files). */
  director: boolean;
}

/** "Download report": the server renders the PDF in the background; the button waits for it, then saves it. */
export function ReportButtons({ base, director }: ReportButtonsProps) {
  const [busy, setBusy] = useState<ReportVersion | null>(null);

  const download = async (version: ReportVersion) => {
    setBusy(version);
    try {
      const { blob, filename } = await produceReport(base, version);
      saveFile(blob, filename);
      toast({
        title: 'Report ready',
        description: 'The PDF was downloaded. Its footer says how to verify it.',
      });
    } catch (error) {
      toastFailure(error, error instanceof ReportTimeout ? error.message : 'Please try again.', {
        title: 'The report could not be produced',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => void download('client')}>
        {busy === 'client' ? <Spinner /> : <FileDown aria-hidden="true" />}
        {busy === 'client' ? 'Preparing report...' : 'Download report'}
      </Button>
      {director && (
        <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => void download('staff')}>
          {busy === 'staff' ? <Spinner /> : <FileDown aria-hidden="true" />}
          {busy === 'staff' ? 'Preparing staff report...' : 'Staff report'}
        </Button>
      )}
    </div>
  );
}
