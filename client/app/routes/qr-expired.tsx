import { ExpiredCode } from '@/features/qr-codes/components/expired-code';

/** /qr/expired, for everyone: where a scan of a code that no longer works leads. */
export function QrExpiredRoute() {
  return <ExpiredCode />;
}
