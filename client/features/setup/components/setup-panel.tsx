import { useState, type ReactNode } from 'react';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';
import type { User } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { LoadingMessage } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSetupTokenCheck } from '@/features/setup/api/check-setup-token';
import { FirstDirectorForm } from '@/features/setup/components/first-director-form';
import { ApiError } from '@/lib/api-client';

function Notice({ tone, children }: { tone: 'error' | 'done'; children: ReactNode }) {
  const Icon = tone === 'error' ? TriangleAlert : CircleCheck;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'flex gap-3 rounded-md border border-destructive/50 bg-destructive/10 p-4 text-sm text-red-300'
          : 'flex gap-3 rounded-md border border-primary/40 bg-primary/5 p-4 text-sm'
      }
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-1">{children}</div>
    </div>
  );
}

function SignInButton() {
  return (
    <Button asChild className="w-full">
      <Link href={paths.login.getHref()}>Sign in</Link>
    </Button>
  );
}

/** What a refused link means: 404 (a Director exists), 429 (too many wrong links), else a wrong or old link. */
function RefusedLink({ status }: { status: number }) {
  if (status === 404) {
    return (
      <div className="grid gap-4">
        <Notice tone="done">
          <p>Setup is complete: a Director account exists already.</p>
        </Notice>
        <SignInButton />
      </div>
    );
  }
  return (
    <Notice tone="error">
      {status === 429 ? (
        <p>Too many wrong setup links from this address. Try again in 15 minutes.</p>
      ) : (
        <>
          <p>This setup link is not valid.</p>
          <p className="text-muted-foreground">
            Use the link the server printed at its latest start: each start prints a new one, and the older
            ones stop working.
          </p>
        </>
      )}
    </Notice>
  );
}

/**
 * The setup link's page body (issue 23): checks the link's token, then asks for the first Director's account.
 * `token` is null when the address had none.
 */
export function SetupPanel({ token, onCreated }: { token: string | null; onCreated: (user: User) => void }) {
  const check = useSetupTokenCheck(token);
  const [refusedStatus, setRefusedStatus] = useState<number | null>(null);

  if (token === null) {
    return (
      <Notice tone="error">
        <p>This page needs the setup link the server printed when it started (it ends in ?token=...).</p>
      </Notice>
    );
  }
  if (refusedStatus !== null) return <RefusedLink status={refusedStatus} />;
  if (check.isPending) return <LoadingMessage>Checking the setup link...</LoadingMessage>;
  if (check.isError) {
    return <RefusedLink status={check.error instanceof ApiError ? check.error.status : 0} />;
  }
  return <FirstDirectorForm token={token} onCreated={onCreated} onLinkRefused={setRefusedStatus} />;
}
