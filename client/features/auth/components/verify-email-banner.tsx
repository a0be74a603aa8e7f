import { useState } from 'react';
import { MailWarning } from 'lucide-react';
import type { User } from '@contract/auth';
import { ResendVerificationButton } from '@/features/auth/components/resend-verification-button';

/** Under the top bar while the signed-in user's address is unverified: what to do, and a new link on request. */
export function VerifyEmailBanner({ user }: { user: User }) {
  // Hidden at once when the API says the address is verified (the user is read again meanwhile).
  const [hidden, setHidden] = useState(false);
  if (user.emailVerified || hidden) return null;

  return (
    <section
      aria-label="E-mail verification"
      className="border-b border-warning/30 bg-warning/10 text-sm"
      data-testid="verify-email-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 sm:px-6">
        <p className="flex min-w-0 flex-1 basis-64 items-start gap-2">
          <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span className="min-w-0 break-words">
            Please verify your e-mail address{' '}
            <strong className="font-semibold break-all">{user.email}</strong>. We sent you a link.
          </span>
        </p>
        <ResendVerificationButton
          email={user.email}
          size="sm"
          className="shrink-0"
          onAlreadyVerified={() => setHidden(true)}
        >
          Resend link
        </ResendVerificationButton>
      </div>
    </section>
  );
}
