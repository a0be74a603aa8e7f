import { NotBuiltYet } from '@/app/routes/not-built-yet';

/** Placeholder until its issue lands. */
export function QrCodesPanel() {
  return <NotBuiltYet section="QR Codes" />;
}
