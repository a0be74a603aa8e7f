import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { KeyRound } from 'lucide-react';
import {
  ssoSettingsRequestSchema,
  ssoStartUrl,
  ssoTestResultText,
  SSO_TEST_OK,
  type SsoSettings,
  type SsoSettingsRequest,
} from '@contract/sso';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { FormField, FormMessage, TextField } from '@/components/ui/form-field';
import { QueryStates } from '@/components/ui/list-states';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useRemoveSsoSettings } from '@/features/organization/api/remove-sso-settings';
import { useSaveSsoSettings } from '@/features/organization/api/save-sso-settings';
import { useSsoSettings } from '@/features/organization/api/get-sso-settings';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate } from '@/lib/format';
import { useApiForm } from '@/lib/use-api-form';

type SsoForm = z.output<typeof ssoSettingsRequestSchema>;

/** The result of a test sign-in, read from `?ssoTest=` when the identity provider sent the owner back here. */
function testResult(): { ok: boolean; text: string } | null {
  if (typeof window === 'undefined') return null;
  const result = new URLSearchParams(window.location.search).get('ssoTest');
  const text = result && ssoTestResultText(result);
  return text ? { ok: result === SSO_TEST_OK, text } : null;
}

function SsoForm({ settings, redirectUri }: { settings: SsoSettings | null; redirectUri: string }) {
  const save = useSaveSsoSettings();
  const {
    register,
    control,
    submit,
    reset,
    formState: { errors },
  } = useApiForm<SsoSettingsRequest, SsoForm>(ssoSettingsRequestSchema, {
    defaultValues: {
      issuer: settings?.issuer ?? '',
      clientId: settings?.clientId ?? '',
      clientSecret: '',
      enforced: settings?.enforced ?? false,
    },
  });
  const onSubmit = submit((values) => save.mutateAsync(values), {
    fields: ['issuer', 'clientId', 'clientSecret', 'enforced'],
    fallbackMessage: 'The settings could not be saved. Try again.',
    successToast: { title: 'Single sign-on saved', description: 'The issuer’s discovery document was read.' },
    onSuccess: (saved) =>
      reset({ issuer: saved.issuer, clientId: saved.clientId, clientSecret: '', enforced: saved.enforced }),
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Single sign-on settings" className="grid gap-4">
      <TextField
        label="Issuer"
        placeholder="https://login.example.com"
        autoComplete="off"
        hint="The identity provider’s issuer URL; its /.well-known/openid-configuration is read when you save."
        error={errors.issuer?.message}
        {...register('issuer')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Client id"
          autoComplete="off"
          error={errors.clientId?.message}
          {...register('clientId')}
        />
        <TextField
          label="Client secret"
          type="password"
          autoComplete="new-password"
          placeholder={settings ? 'Stored - leave empty to keep it' : ''}
          hint="Write-only: it is stored sealed and never shown again."
          error={errors.clientSecret?.message}
          {...register('clientSecret')}
        />
      </div>
      <FormField label="Redirect URI (register it at the identity provider)">
        {(controlProps) => (
          <div className="flex min-w-0 items-center gap-2">
            <code
              id={controlProps.id}
              data-testid="sso-redirect-uri"
              className="min-w-0 flex-1 rounded border border-border bg-muted/40 px-3 py-2 font-mono text-xs break-all"
            >
              {redirectUri}
            </code>
            <CopyButton
              value={redirectUri}
              label="Copy the redirect URI"
              failureMessage="The browser did not let the page copy. Select the address and copy it."
              variant="outline"
            />
          </div>
        )}
      </FormField>
      <Controller
        control={control}
        name="enforced"
        render={({ field }) => (
          <label className="flex items-start gap-3 text-sm">
            <Switch
              checked={Boolean(field.value)}
              onCheckedChange={field.onChange}
              aria-label="Enforce single sign-on"
              data-testid="sso-enforced"
            />
            <span>
              <span className="font-medium">Enforce single sign-on</span>
              <span className="block text-muted-foreground">
                Members sign in only through your identity provider; passwords and passkeys are refused. The
                firm’s Directors are never bound by it.
              </span>
            </span>
          </label>
        )}
      />
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save single sign-on'}
        </Button>
      </div>
    </form>
  );
}

/** The Organisation page's single sign-on settings (owners, design 12.4). */
export function SsoSection({ organizationId }: { organizationId: string }) {
  const query = useSsoSettings({ enabled: true });
  const remove = useRemoveSsoSettings();
  const [confirming, setConfirming] = useState(false);
  const [result] = useState(testResult);
  const settings = query.data ?? null;
  const redirectUri =
    settings?.redirectUri ??
    `${typeof window === 'undefined' ? '' : window.location.origin}/api/auth/sso/callback`;
  return (
    <Card data-testid="sso-section">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5 text-primary" />
          Single sign-on
          {settings && <Badge>{settings.enforced ? 'Enforced' : 'On'}</Badge>}
        </CardTitle>
        <CardDescription>
          Your people sign in with your OpenID Connect identity provider (Okta, Microsoft Entra ID, Google…).
          Their accounts and memberships are made the first time they sign in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {result && (
          <p
            role="status"
            data-testid="sso-test-result"
            className={
              result.ok
                ? 'rounded border border-emerald-500/40 bg-emerald-500/10 px-3 py-2 text-sm'
                : 'rounded border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-300'
            }
          >
            {result.ok ? result.text : `Test sign-in failed: ${result.text}`}
          </p>
        )}
        <QueryStates
          query={query}
          loading={{ label: 'Loading the single sign-on settings', rowClassName: 'h-14' }}
          error="The single sign-on settings could not be loaded."
          isEmpty={() => false}
        >
          {() => (
            <>
              <SsoForm key={settings?.updatedAt ?? 'new'} settings={settings} redirectUri={redirectUri} />
              {settings && (
                <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
                  <Button asChild variant="outline">
                    <a
                      href={ssoStartUrl({ organization: organizationId }) + '&test=1'}
                      data-testid="sso-test"
                    >
                      Test sign-in
                    </a>
                  </Button>
                  <Button variant="ghost" onClick={() => setConfirming(true)}>
                    Remove single sign-on
                  </Button>
                  <span className="text-xs text-muted-foreground">
                    Saved {formatDate(settings.updatedAt)}
                  </span>
                </div>
              )}
            </>
          )}
        </QueryStates>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        title="Remove single sign-on?"
        description="Members sign in with their passwords again. The identity provider’s settings are deleted."
        confirmLabel="Remove"
        pendingLabel="Removing single sign-on"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Single sign-on removed' });
            },
            onError: (error) => {
              setConfirming(false);
              toastFailure(error, 'Try again.', { title: 'Not done' });
            },
          })
        }
      />
    </Card>
  );
}
