import { ShieldAlert } from 'lucide-react';
import { DIRECTOR_TIER } from '@contract/tiers';
import { Card, CardContent } from '@/components/ui/card';
import { LoadingMessage } from '@/components/ui/spinner';
import { AuditTrail } from '@/features/audit/components/audit-trail';
import { AUDIT_MESSAGES } from '@/features/audit/utils/labels';
import { useUser } from '@/lib/auth';

/** /audit, signed-in users; the trail itself is for Directors (tier 4), everyone else is told what it takes. */
export function AuditRoute() {
  const { data: user } = useUser();
  const director = (user?.tier ?? 0) >= DIRECTOR_TIER;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <header className="mb-8 space-y-2 border-b pb-6">
        <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Accountability</p>
        <h1 className="text-3xl font-bold tracking-tight">Audit Trail</h1>
        <p className="max-w-3xl text-muted-foreground">
          Sign-ins, account and tier changes, payments, reviews and case work, and every time staff opened
          another user&apos;s records, newest first. Events are kept as recorded: nobody can change or delete
          them here.
        </p>
      </header>
      {!user ? (
        <LoadingMessage>Loading...</LoadingMessage>
      ) : director ? (
        <AuditTrail />
      ) : (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-8 text-center">
            <ShieldAlert aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="text-muted-foreground">{AUDIT_MESSAGES.forbidden}</p>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
