import { useParams } from 'wouter';
import { ReportVerification } from '@/features/reports/components/report-verification';

/**
 * /reports/verify/{sha256}, for everyone: where the verification link printed in a PDF report's footer leads a
 * browser (`GET /api/reports/verify/{sha256}` sends it here; programs get the JSON there).
 */
export function ReportVerifyRoute() {
  const { sha256 = '' } = useParams<{ sha256: string }>();
  return (
    <div className="bg-grid flex flex-1 items-center justify-center px-4 py-16">
      <ReportVerification key={sha256} sha256={sha256.trim().toLowerCase()} />
    </div>
  );
}
