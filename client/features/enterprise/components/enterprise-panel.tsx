import { useState } from 'react';
import { Building2, Plus } from 'lucide-react';
import type { EnterpriseClient } from '@contract/enterprise';
import { DIRECTOR_TIER } from '@contract/tiers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, QueryStates } from '@/components/ui/list-states';
import { toast } from '@/components/ui/use-toast';
import { useDeleteEnterpriseClient } from '@/features/enterprise/api/delete-enterprise-client';
import { useEnterpriseClients } from '@/features/enterprise/api/get-enterprise-clients';
import { useSeatClientMember } from '@/features/enterprise/api/seat-client-member';
import { useUpdateEnterpriseClient } from '@/features/enterprise/api/update-enterprise-client';
import { AddClientDialog } from '@/features/enterprise/components/add-client-dialog';
import { EnterpriseClientCard } from '@/features/enterprise/components/enterprise-client-card';
import { toastFailure } from '@/lib/failure-toast';
import { useUser } from '@/lib/auth';

function ClientList({ enabled, onAdd }: { enabled: boolean; onAdd: () => void }) {
  const clients = useEnterpriseClients({ enabled });
  const remove = useDeleteEnterpriseClient();
  const update = useUpdateEnterpriseClient();
  const seat = useSeatClientMember();
  const [confirming, setConfirming] = useState<EnterpriseClient | null>(null);

  function removeClient(client: EnterpriseClient) {
    remove.mutate(client.id, {
      onSuccess: () => {
        setConfirming(null);
        toast({ title: 'Client removed', description: `${client.name} is no longer a client.` });
      },
      onError: (error) => {
        setConfirming(null);
        toastFailure(error, 'Failed to remove the client.');
      },
    });
  }

  function changeTier(client: EnterpriseClient, tier: number) {
    update.mutate(
      { id: client.id, changes: { tier } },
      {
        onSuccess: (updated) =>
          toast({ title: 'Tier changed', description: `${updated.name} is now on tier ${updated.tier}.` }),
        onError: (error) => toastFailure(error, 'Failed to change the tier.'),
      },
    );
  }

  function toggleAutoJoin(client: EnterpriseClient, autoJoin: boolean) {
    update.mutate(
      { id: client.id, changes: { autoJoin } },
      {
        onError: (error) => toastFailure(error, 'Failed to change auto-join.'),
      },
    );
  }

  async function seatOwner(client: EnterpriseClient, email: string): Promise<boolean> {
    try {
      await seat.mutateAsync({ clientId: client.id, body: { email, role: 'owner' } });
      toast({ title: 'Owner seated', description: `${email} now owns ${client.name}.` });
      return true;
    } catch (error) {
      toastFailure(error, 'Failed to seat the owner.', { title: 'Not seated' });
      return false;
    }
  }

  return (
    <QueryStates
      query={clients}
      loading={{ label: 'Loading clients', rowClassName: 'h-36' }}
      error="The enterprise clients could not be loaded."
      empty={
        <EmptyState
          icon={Building2}
          title="No enterprise clients yet"
          action={
            <Button variant="outline" className="mt-2" onClick={onAdd}>
              <Plus aria-hidden="true" />
              Add Client
            </Button>
          }
        >
          Add the organisations you serve under contract.
        </EmptyState>
      }
    >
      {(data) => (
        <>
          <ul aria-label="Enterprise clients" className="grid gap-4 lg:grid-cols-2">
            {data.map((client) => (
              <EnterpriseClientCard
                key={client.id}
                client={client}
                busy={
                  (remove.isPending && remove.variables === client.id) ||
                  (update.isPending && update.variables.id === client.id)
                }
                onDelete={setConfirming}
                onChangeTier={changeTier}
                onToggleAutoJoin={toggleAutoJoin}
                onSeatOwner={seatOwner}
              />
            ))}
          </ul>
          <ConfirmDialog
            open={confirming !== null}
            onCancel={() => setConfirming(null)}
            onConfirm={() => confirming && removeClient(confirming)}
            title="Remove this client?"
            description={`${confirming ? confirming.name : 'The client'} is removed from the list. Its members keep their accounts and tiers.`}
            confirmLabel="Remove client"
            pendingLabel="Removing"
            pending={remove.isPending}
          />
        </>
      )}
    </QueryStates>
  );
}

/**
 * The Enterprise tab (tier 4 and above): clients with their tier and members, and 'Add Client'.
 * The /ai page shows the tab to Directors only; the list call is also held back here for anyone else, who
 * would only get a 403.
 */
export function EnterprisePanel() {
  const { data: user } = useUser();
  const director = (user?.tier ?? 0) >= DIRECTOR_TIER;
  const [adding, setAdding] = useState(false);

  if (!director) {
    return (
      <p className="text-sm text-muted-foreground">Enterprise clients are managed by Directors (tier 4).</p>
    );
  }

  return (
    <section aria-labelledby="enterprise-heading" className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h2 id="enterprise-heading" className="text-xl font-semibold">
            Enterprise Clients
          </h2>
          <p className="max-w-2xl text-sm text-muted-foreground">
            Organisations under contract and their members. Seat a first owner, who then invites the rest, or
            let verified addresses on the domain join by themselves.
          </p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Client
        </Button>
      </div>
      <ClientList enabled={director} onAdd={() => setAdding(true)} />
      <AddClientDialog open={adding} onOpenChange={setAdding} />
    </section>
  );
}
