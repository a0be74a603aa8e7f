import { useState } from 'react';
import { UserCog } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import type { User } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AccountPageCard } from '@/features/auth/components/account-page-card';
import { TwoFactorCard } from '@/features/mfa/components/two-factor-card';
import { SetupPanel } from '@/features/setup/components/setup-panel';

/**
 * /setup?token=..., the one-time link the server prints while no Director exists (issue 23): the first Director's
 * account, then two-factor authentication offered at once with the ordinary setup (the Security tab's card).
 */
export function SetupRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const [director, setDirector] = useState<User | null>(null);

  if (director) {
    return (
      <div className="bg-grid flex flex-1 justify-center px-4 py-12">
        <div className="grid w-full max-w-2xl content-start gap-6">
          <div className="grid gap-2">
            <h1 className="text-2xl font-semibold">Director account created</h1>
            <p className="text-sm text-muted-foreground">
              You are signed in as <span className="font-medium text-foreground">{director.email}</span>. A
              Director sees and decides everything: protect the account with two-factor authentication now.
            </p>
          </div>
          <TwoFactorCard />
          <Button asChild variant="outline" className="justify-self-start">
            <Link href={paths.dashboard.getHref()}>Continue to Mission Control</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <AccountPageCard
      icon={UserCog}
      title="Create the first Director"
      description="The Director (tier 4) runs the portal: approvals, review queues, analytics and the audit trail. This link works once."
    >
      <SetupPanel key={token} token={token} onCreated={setDirector} />
    </AccountPageCard>
  );
}
