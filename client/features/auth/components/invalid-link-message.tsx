import type { ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { ACCOUNT_MESSAGES } from '@/features/auth/utils/account-errors';

/** A reset or verification link that cannot be used, and what to do about it (`children`). */
export function InvalidLinkMessage({ children }: { children?: ReactNode }) {
  return (
    <div className="grid gap-4">
      <div
        role="alert"
        className="flex gap-3 rounded-md border border-destructive/50 bg-destructive/10 p-4 text-sm text-red-300"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>{ACCOUNT_MESSAGES.linkInvalid}</p>
      </div>
      {children}
    </div>
  );
}
