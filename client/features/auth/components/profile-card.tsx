import type { ReactNode } from 'react';
import { UserRound } from 'lucide-react';
import type { User } from '@contract/auth';
import { tierLabel, tierName } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="font-mono text-xs tracking-widest text-muted-foreground uppercase">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

/** The Profile tab: who the account is, its clearance and how long it has been a client. */
export function ProfileCard({ user }: { user: User }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRound aria-hidden="true" className="size-5 text-primary" />
          Profile
        </CardTitle>
        <CardDescription>Your account as the firm holds it.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          <Row label="User ID">
            <code className="font-mono text-xs">{user.id}</code>
          </Row>
          {name && <Row label="Name">{name}</Row>}
          <Row label="Email">{user.email}</Row>
          <Row label="Access tier">
            <span className="flex items-center gap-2">
              <Badge>{tierLabel(user.effectiveTier)}</Badge>
              {tierName(user.effectiveTier)}
            </span>
          </Row>
          <Row label="Member since">{formatDate(user.createdAt)}</Row>
        </dl>
      </CardContent>
    </Card>
  );
}
