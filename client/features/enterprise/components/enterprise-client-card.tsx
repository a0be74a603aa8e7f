import { Building2, Trash2 } from 'lucide-react';
import type { EnterpriseClient } from '@contract/enterprise';
import { TIER_PLANS, tierLabel, tierName } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { OptionsSelect } from '@/components/ui/form-field';
import { formatCount, formatDate } from '@/lib/format';

interface EnterpriseClientCardProps {
  client: EnterpriseClient;
  busy: boolean;
  onDelete: (client: EnterpriseClient) => void;
  onChangeTier: (client: EnterpriseClient, tier: number) => void;
}

/** One client: name, domain, contracted tier and the users of its domain with their own tiers. */
export function EnterpriseClientCard({ client, busy, onDelete, onChangeTier }: EnterpriseClientCardProps) {
  const hidden = client.memberCount - client.members.length;
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
      <section aria-label={`Members of ${client.name}`} className="grid gap-2">
        <p className="font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">
          Members ({formatCount(client.memberCount)})
        </p>
        {client.members.length === 0 ? (
          <p className="text-sm text-muted-foreground">No users with an @{client.domain} address yet.</p>
        ) : (
          <ul className="grid gap-1.5">
            {client.members.map((member) => (
              <li key={member.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 truncate">{member.email}</span>
                <Badge variant="secondary">{tierLabel(member.tier)}</Badge>
              </li>
            ))}
          </ul>
        )}
        {hidden > 0 && <p className="text-xs text-muted-foreground">and {formatCount(hidden)} more</p>}
      </section>
    </li>
  );
}
