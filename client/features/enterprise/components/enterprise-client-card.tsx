import { useState, type FormEvent } from 'react';
import { Building2, Trash2, UserPlus } from 'lucide-react';
import type { EnterpriseClient } from '@contract/enterprise';
import { ROLE_LABELS, VIA_LABELS } from '@contract/organization';
import { TIER_PLANS, tierLabel, tierName } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { OptionsSelect } from '@/components/ui/form-field';
import { Checkbox } from '@/components/ui/form-parts';
import { Input } from '@/components/ui/input';
import { formatCount, formatDate } from '@/lib/format';

interface EnterpriseClientCardProps {
  client: EnterpriseClient;
  busy: boolean;
  onDelete: (client: EnterpriseClient) => void;
  onChangeTier: (client: EnterpriseClient, tier: number) => void;
  onToggleAutoJoin: (client: EnterpriseClient, autoJoin: boolean) => void;
  /** Seats an existing account as the client's owner; resolves true when it was seated. */
  onSeatOwner: (client: EnterpriseClient, email: string) => Promise<boolean>;
}

/**
 * One client: name, domain, contracted tier, whether verified addresses on its domain join by themselves, its
 * members (role, how they joined, their own tier) and a field to seat an owner (design 12.3).
 */
export function EnterpriseClientCard({
  client,
  busy,
  onDelete,
  onChangeTier,
  onToggleAutoJoin,
  onSeatOwner,
}: EnterpriseClientCardProps) {
  const hidden = client.memberCount - client.members.length;
  const [ownerEmail, setOwnerEmail] = useState('');
  async function seat(event: FormEvent) {
    event.preventDefault();
    if (ownerEmail.trim() && (await onSeatOwner(client, ownerEmail.trim()))) setOwnerEmail('');
  }
  return (
    <li data-testid="enterprise-client" className="grid gap-4 rounded-lg border bg-surface p-4">
      <div className="flex flex-wrap items-start gap-3">
        <Building2 aria-hidden="true" className="mt-0.5 size-5 text-primary" />
        <div className="min-w-0 flex-1 space-y-1">
          <h3 className="flex flex-wrap items-center gap-2 font-semibold">
            {client.name}
            <Badge title={tierName(client.tier)}>{tierLabel(client.tier)}</Badge>
          </h3>
          <p className="font-mono text-xs text-muted-foreground">
            @{client.domain} · added {formatDate(client.createdAt)}
          </p>
        </div>
        <OptionsSelect
          aria-label={`Tier of ${client.name}`}
          value={client.tier}
          disabled={busy}
          className="w-40"
          onChange={(event) => onChangeTier(client, Number(event.target.value))}
          options={TIER_PLANS}
          optionValue={(plan) => plan.tier}
          optionLabel={(plan) => `Tier ${plan.tier} · ${plan.name}`}
        />
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove ${client.name}`}
          disabled={busy}
          onClick={() => onDelete(client)}
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox
          checked={client.autoJoin}
          disabled={busy}
          onChange={(event) => onToggleAutoJoin(client, event.target.checked)}
        />
        Verified @{client.domain} addresses join as members
      </label>
      <section aria-label={`Members of ${client.name}`} className="grid gap-2">
        <p className="font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">
          Members ({formatCount(client.memberCount)})
        </p>
        {client.members.length === 0 ? (
          <p className="text-sm text-muted-foreground">No members yet: seat an owner below.</p>
        ) : (
          <ul className="grid gap-1.5">
            {client.members.map((member) => (
              <li key={member.userId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="min-w-0 truncate">{member.email}</span>
                <span className="flex items-center gap-1.5">
                  <Badge variant="outline" title={VIA_LABELS[member.via]}>
                    {ROLE_LABELS[member.role]}
                  </Badge>
                  <Badge variant="secondary">{tierLabel(member.tier)}</Badge>
                </span>
              </li>
            ))}
          </ul>
        )}
        {hidden > 0 && <p className="text-xs text-muted-foreground">and {formatCount(hidden)} more</p>}
        <form className="flex flex-wrap gap-2" onSubmit={(event) => void seat(event)}>
          <Input
            type="email"
            aria-label={`Owner to seat at ${client.name}`}
            placeholder={`owner@${client.domain}`}
            value={ownerEmail}
            onChange={(event) => setOwnerEmail(event.target.value)}
            className="min-w-0 flex-1"
          />
          <Button type="submit" variant="outline" size="sm" disabled={busy || !ownerEmail.trim()}>
            <UserPlus aria-hidden="true" />
            Seat owner
          </Button>
        </form>
      </section>
    </li>
  );
}
