import { useSearchParams } from 'wouter';
import { EmergencyInfo } from '@/features/qr-codes/components/emergency-info';

/** /emergency?code=, for everyone: where an emergency QR code leads. */
export function EmergencyRoute() {
  const [params] = useSearchParams();
  return <EmergencyInfo code={params.get('code')} />;
}
