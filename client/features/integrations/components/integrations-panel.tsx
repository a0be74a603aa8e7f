import { useState } from 'react';
import { FlaskConical, Plug, Plus, ScrollText, Trash2 } from 'lucide-react';
import { INTEGRATION_TYPE_LABELS, type CreatedIntegration, type Integration } from '@contract/integrations';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState, QueryStates } from '@/components/ui/list-states';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useDeleteIntegration } from '@/features/integrations/api/delete-integration';
import { useIntegrations } from '@/features/integrations/api/get-integrations';
import { useTestIntegration } from '@/features/integrations/api/test-integration';
import { useUpdateIntegration } from '@/features/integrations/api/update-integration';
import { DeliveryLogDialog } from '@/features/integrations/components/delivery-log-dialog';
import { IntegrationForm } from '@/features/integrations/components/integration-form';
import { IntegrationTypeIcon } from '@/features/integrations/components/integration-type-icon';
import { SigningSecretDialog } from '@/features/integrations/components/signing-secret-dialog';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate } from '@/lib/format';

/** The masked settings, one line each ("URL https://hooks.slack.com/••••abcd"). */
function maskedConfig(integration: Integration): [string, string][] {
  const { url, token, channel } = integration.config;
  const rows: [string, string][] = [];
  if (url) rows.push(['URL', url]);
  if (token) rows.push([integration.type === 'webhook' ? 'Secret' : 'Token', token]);
  if (channel) rows.push(['Chat', channel]);
  return rows;
}

function IntegrationItem({
  integration,
  onShowLog,
  onDelete,
}: {
  integration: Integration;
  onShowLog: () => void;
  onDelete: () => void;
}) {
  const update = useUpdateIntegration();
  const test = useTestIntegration();
  const label = INTEGRATION_TYPE_LABELS[integration.type];

  function setActive(isActive: boolean) {
    update.mutate(
      { id: integration.id, changes: { isActive } },
      {
        onError: (error) => {
          toastFailure(error, 'Failed to update.');
        },
      },
    );
  }

  function sendTest() {
    test.mutate(integration.id, {
      onSuccess: () => {
        toast({
          title: 'Test message queued',
          description: `Sending through "${integration.name}"; the delivery log shows how it went.`,
        });
        onShowLog();
      },
      onError: (error) => {
        toastFailure(error, 'Failed to send a test message.');
      },
    });
  }

  return (
    <li
      data-testid="integration"
      className="grid gap-3 rounded-lg border bg-surface p-4 data-[inactive]:opacity-75"
      data-inactive={!integration.isActive || undefined}
    >
      <div className="flex flex-wrap items-start gap-3">
        <IntegrationTypeIcon type={integration.type} />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {integration.name}
            <Badge variant={integration.isActive ? 'default' : 'outline'}>
              {integration.isActive ? 'Active' : 'Inactive'}
            </Badge>
          </p>
          <p className="text-xs text-muted-foreground">
            {label} · added {formatDate(integration.createdAt)}
          </p>
        </div>
        <Switch
          checked={integration.isActive}
          disabled={update.isPending}
          onCheckedChange={setActive}
          aria-label={`${integration.isActive ? 'Disable' : 'Enable'} ${integration.name}`}
        />
      </div>
      <dl className="grid gap-1">
        {maskedConfig(integration).map(([term, value]) => (
          <div key={term} className="flex gap-2 text-xs">
            <dt className="w-12 shrink-0 font-mono tracking-widest text-muted-foreground uppercase">
              {term}
            </dt>
            <dd className="min-w-0 font-mono break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!integration.isActive || test.isPending}
          onClick={sendTest}
          aria-label={`Test ${integration.name}`}
        >
          <FlaskConical aria-hidden="true" />
          Test
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onShowLog}
          aria-label={`Delivery log of ${integration.name}`}
        >
          <ScrollText aria-hidden="true" />
          Delivery log
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete ${integration.name}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

function IntegrationList({
  onShowLog,
  onDelete,
}: {
  onShowLog: (integration: Integration) => void;
  onDelete: (integration: Integration) => void;
}) {
  const integrations = useIntegrations();

  return (
    <QueryStates
      query={integrations}
      loading={{ label: 'Loading integrations', rowClassName: 'h-32' }}
      error="Your integrations could not be loaded."
      empty={
        <EmptyState icon={Plug} title="No integrations yet">
          Add Slack, Discord, Telegram or a webhook to receive alerts where your team works.
        </EmptyState>
      }
    >
      {(data) => (
        <ul aria-label="Integrations" className="grid gap-3 md:grid-cols-2">
          {data.map((integration) => (
            <IntegrationItem
              key={integration.id}
              integration={integration}
              onShowLog={() => onShowLog(integration)}
              onDelete={() => onDelete(integration)}
            />
          ))}
        </ul>
      )}
    </QueryStates>
  );
}

/** The Integrations tab: add, switch on and off, test, read the delivery log, delete. */
export function IntegrationsPanel() {
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedIntegration | null>(null);
  const [logOf, setLogOf] = useState<Integration | null>(null);
  const [deleting, setDeleting] = useState<Integration | null>(null);
  const remove = useDeleteIntegration();

  function onCreated(integration: CreatedIntegration) {
    setAdding(false);
    setCreated(integration);
    toast({ title: 'Integration added', description: `"${integration.name}" is active.` });
  }

  function deleteIntegration(integration: Integration) {
    remove.mutate(integration.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: 'Integration deleted', description: `"${integration.name}" sends nothing more.` });
      },
      onError: (error) => {
        setDeleting(null);
        toastFailure(error, 'Failed to delete the integration.');
      },
    });
  }

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle>Integrations</CardTitle>
          <CardDescription>
            Where automation rules and tests send messages. Tokens and URLs are stored encrypted and shown
            masked.
          </CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Integration
        </Button>
      </CardHeader>
      <CardContent>
        <IntegrationList onShowLog={setLogOf} onDelete={setDeleting} />
      </CardContent>

      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Add Integration</DialogTitle>
            <DialogDescription>Connect a channel for alerts and automation messages.</DialogDescription>
          </DialogHeader>
          {adding && <IntegrationForm onCreated={onCreated} onCancel={() => setAdding(false)} />}
        </DialogContent>
      </Dialog>
      <SigningSecretDialog created={created} onClose={() => setCreated(null)} />
      <DeliveryLogDialog integration={logOf} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && deleteIntegration(deleting)}
        title="Delete this integration?"
        description={`${deleting ? `"${deleting.name}" ` : 'It '}and its delivery log are removed; rules that send through it will fail.`}
        confirmLabel="Delete integration"
        pendingLabel="Deleting"
        pending={remove.isPending}
      />
    </Card>
  );
}
