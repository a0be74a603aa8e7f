import { useEffect, useRef } from 'react';
import { CircleCheck, RotateCcw } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { LoadingMessage } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { InvalidLinkMessage } from '@/features/auth/components/invalid-link-message';
import { ResendVerificationButton } from '@/features/auth/components/resend-verification-button';
import {
  ACCOUNT_MESSAGES,
  accountErrorMessage,
  isConflictError,
  isInvalidLinkError,
} from '@/features/auth/utils/account-errors';
import { useUser } from '@/lib/auth';

/** What someone holding a dead link can do: a new link when signed in, otherwise sign in first. */
function InvalidLinkActions() {
  const { data: user } = useUser();
  if (!user) {
    return (
      <>
        <p className="text-sm text-muted-foreground">Sign in to have a new link sent to your address.</p>
        <Button asChild className="w-full">
          <Link href={paths.login.getHref(paths.verifyEmail.getHref())}>Sign in</Link>
        </Button>
      </>
    );
  }
  if (user.emailVerified) {
    return (
      <>
        <p className="text-sm text-muted-foreground">
          Your address <strong className="break-all text-foreground">{user.email}</strong> is verified. To
          change it, ask again from your security settings.
        </p>
        <Button asChild variant="outline" className="w-full">
          <Link href={paths.settings.getHref('security')}>Go to security settings</Link>
        </Button>
      </>
    );
  }
  return (
    <ResendVerificationButton email={user.email} variant="default" className="w-full">
      Send a new link
    </ResendVerificationButton>
  );
}

/**
 * Posts a verification link's token once, as the page opens (`token` from the link; null when it had none), and
 * says how it went. Works signed in or out: the token alone identifies the address.
 */
export function VerifyEmailStatus({ token }: { token: string | null }) {
  const { data: user } = useUser();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // Each token works once: StrictMode's second run of the effect (and any re-render) must not post it again.
  const posted = useRef(false);

  useEffect(() => {
    if (token === null || posted.current) return;
    posted.current = true;
    mutate({ token });
  }, [token, mutate]);

  if (token === null || (verify.isError && isInvalidLinkError(verify.error))) {
    return (
      <InvalidLinkMessage>
        <InvalidLinkActions />
      </InvalidLinkMessage>
    );
  }

  if (verify.isError) {
    // A new address taken by another account meanwhile (409) stays refused; a lost connection or a server
    // failure left the token unused, so it may be sent again.
    const taken = isConflictError(verify.error);
    return (
      <div className="grid gap-4">
        <p
          role="alert"
          className="rounded-md border border-destructive/50 bg-destructive/10 p-4 text-sm text-red-300"
        >
          {taken ? ACCOUNT_MESSAGES.emailTaken : accountErrorMessage(verify.error)}
        </p>
        {taken ? (
          <p className="text-sm text-muted-foreground">
            Another account took this address before you confirmed it, so your address has not changed.
          </p>
        ) : (
          <Button variant="outline" className="w-full" onClick={() => mutate({ token })}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        )}
      </div>
    );
  }

  if (verify.isSuccess) {
    return (
      <div className="grid gap-4">
        <div
          role="status"
          className="flex gap-3 rounded-md border border-primary/40 bg-primary/5 p-4 text-sm"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <p>Your e-mail address is verified.</p>
        </div>
        <Button asChild className="w-full">
          {user ? (
            <Link href={paths.home.getHref()}>Continue</Link>
          ) : (
            <Link href={paths.login.getHref()}>Sign in</Link>
          )}
        </Button>
      </div>
    );
  }

  return <LoadingMessage className="justify-center">Verifying your e-mail address...</LoadingMessage>;
}
