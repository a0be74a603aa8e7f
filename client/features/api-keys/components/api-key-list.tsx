import { useState, type ReactNode } from 'react';
import { Ban, KeyRound } from 'lucide-react';
import type { ApiKey } from '@contract/api-keys';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, QueryStates } from '@/components/ui/list-states';
import { toast } from '@/components/ui/use-toast';
import { useApiKeys } from '@/features/api-keys/api/get-api-keys';
import { useRevokeApiKey } from '@/features/api-keys/api/revoke-api-key';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate, formatRelativeTime } from '@/lib/format';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** The user's API keys: active or revoked; a revoked key cannot be revoked again. */
export function ApiKeyList() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState<ApiKey | null>(null);

  function revokeKey(key: ApiKey) {
    revoke.mutate(key.id, {
      onSuccess: () => {
        setConfirming(null);
        toast({ title: 'API key revoked', description: `"${key.name}" can no longer be used.` });
      },
      onError: (error) => {
        setConfirming(null);
        toastFailure(error, 'Failed to revoke the API key.');
      },
    });
  }

  return (
    <QueryStates
      query={keys}
      loading={{ label: 'Loading API keys', rowClassName: 'h-28' }}
      error="Your API keys could not be loaded."
      empty={
        <EmptyState icon={KeyRound} title="No API keys yet">
          Create one to use the API from your own tools.
        </EmptyState>
      }
    >
      {(data) => (
        <>
          <ul aria-label="API keys" className="grid gap-3">
            {data.map((key) => (
              <li
                key={key.id}
                data-testid="api-key"
                className="grid gap-3 rounded-lg border bg-surface p-4 data-[revoked]:opacity-70"
                data-revoked={!key.isActive || undefined}
              >
                <div className="flex flex-wrap items-start gap-3">
                  <div className="min-w-0 flex-1 space-y-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      {key.name}
                      <Badge variant={key.isActive ? 'default' : 'destructive'}>
                        {key.isActive ? 'Active' : 'Revoked'}
                      </Badge>
                    </p>
                    <code className="font-mono text-xs text-muted-foreground">{key.keyPrefix}…</code>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Revoke ${key.name}`}
                    disabled={!key.isActive || (revoke.isPending && revoke.variables === key.id)}
                    onClick={() => setConfirming(key)}
                  >
                    <Ban aria-hidden="true" />
                    Revoke
                  </Button>
                </div>
                <ul aria-label="Permissions" className="flex flex-wrap gap-1.5">
                  {key.permissions.map((permission) => (
                    <li key={permission}>
                      <Badge variant="secondary">{permission}</Badge>
                    </li>
                  ))}
                </ul>
                <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                  <Detail label="Expires">{key.expiresAt ? formatDate(key.expiresAt) : 'Never'}</Detail>
                  <Detail label="Created">{formatDate(key.createdAt)}</Detail>
                  <Detail label="Last used">
                    {key.lastUsed ? (
                      <time dateTime={key.lastUsed}>{formatRelativeTime(key.lastUsed)}</time>
                    ) : (
                      'Never'
                    )}
                  </Detail>
                </dl>
              </li>
            ))}
          </ul>

          <ConfirmDialog
            open={confirming !== null}
            onCancel={() => setConfirming(null)}
            onConfirm={() => confirming && revokeKey(confirming)}
            title="Revoke this API key?"
            description={`${confirming ? `"${confirming.name}" ` : 'The key '}stops working at once, for every tool that uses it. This cannot be undone.`}
            confirmLabel="Revoke key"
            pendingLabel="Revoking"
            pending={revoke.isPending}
          />
        </>
      )}
    </QueryStates>
  );
}
