import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw, ShieldPlus } from 'lucide-react';
import type { MfaSetup as MfaSetupData } from '@contract/mfa';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { FormField } from '@/components/ui/form-field';
import { LoadingMessage, Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useEnableMfa } from '@/features/mfa/api/enable-mfa';
import { useMfaSetup } from '@/features/mfa/api/get-mfa-setup';
import { BackupCodeList } from '@/features/mfa/components/backup-code-list';
import { TotpCodeInput } from '@/features/mfa/components/totp-code-input';
import { mfaErrorMessage } from '@/features/mfa/utils/mfa-errors';
import { ApiError } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth';
import { MFA_CODE_LENGTH } from '@/lib/constants';

interface MfaSetupProps {
  /** Called once 2FA is on, with the backup codes to show one last time. */
  onEnabled: (backupCodes: readonly string[]) => void;
}

/** Two-factor authentication while it is off: a button that starts the setup, then the setup itself. */
export function MfaSetup({ onEnabled }: MfaSetupProps) {
  const [started, setStarted] = useState(false);
  const setup = useMfaSetup({ enabled: started });
  const queryClient = useQueryClient();

  if (!started) {
    return (
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          Protect your account with a second step at sign-in: a 6-digit code from an authenticator app such as
          Google Authenticator, 1Password or Authy.
        </p>
        <Button className="justify-self-start" onClick={() => setStarted(true)}>
          <ShieldPlus aria-hidden="true" />
          Enable two-factor authentication
        </Button>
      </div>
    );
  }

  if (setup.isPending) return <LoadingMessage>Setting up MFA...</LoadingMessage>;

  if (setup.isError) {
    return (
      <div className="grid gap-3">
        <p role="alert" className="text-sm text-red-400">
          Failed to initialize MFA setup
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => {
              // A 409 means 2FA was turned on elsewhere (another tab): read the user again instead.
              if (setup.error instanceof ApiError && setup.error.status === 409) {
                void queryClient.invalidateQueries({ queryKey: userQueryKey });
              } else {
                void setup.refetch();
              }
            }}
          >
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
          <Button variant="ghost" onClick={() => setStarted(false)}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  return <MfaSetupSteps setup={setup.data} onCancel={() => setStarted(false)} onEnabled={onEnabled} />;
}

/** 'ABCD EFGH ...': easier to read out and type into an app (which ignores the spaces). */
function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

interface MfaSetupStepsProps {
  setup: MfaSetupData;
  onCancel: () => void;
  onEnabled: (backupCodes: readonly string[]) => void;
}

function StepHeading({ id, step, children }: { id: string; step: number; children: string }) {
  return (
    <h4 id={id} className="flex items-center gap-2 text-sm font-semibold">
      <span
        aria-hidden="true"
        className="flex size-6 items-center justify-center rounded-full border border-primary/50 font-mono text-xs text-primary"
      >
        {step}
      </span>
      <span>
        <span className="sr-only">Step {step}: </span>
        {children}
      </span>
    </h4>
  );
}

function MfaSetupSteps({ setup, onCancel, onEnabled }: MfaSetupStepsProps) {
  const [code, setCode] = useState('');
  // The server's answer to a wrong code, under the field until the next one is typed.
  const [error, setError] = useState<string>();
  const enable = useEnableMfa();
  const complete = code.length === MFA_CODE_LENGTH;
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete || enable.isPending) return;
    const { backupCodes } = setup;
    enable.mutate(
      { code },
      {
        onSuccess: () => {
          toast({
            title: 'Two-factor authentication enabled',
            description: 'Sign-ins now ask for a code. Your other sessions were signed out.',
          });
          onEnabled(backupCodes);
        },
        onError: (failure) => {
          setError(mfaErrorMessage(failure, 'Failed to enable MFA'));
          setCode('');
        },
      },
    );
  }

  return (
    <div className="grid gap-8">
      <section className="grid gap-3" aria-labelledby={`${id}-scan`}>
        <StepHeading id={`${id}-scan`} step={1}>
          Scan the QR code
        </StepHeading>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <img
            src={setup.qrCodeUrl}
            alt="QR code to add this account to an authenticator app"
            width={192}
            height={192}
            className="size-48 shrink-0 rounded-md border bg-white p-1"
          />
          <div className="grid min-w-0 gap-2 text-sm">
            <p className="text-muted-foreground">
              Scan it with your authenticator app. Cannot scan? Enter this key instead:
            </p>
            <div className="flex items-center gap-1 rounded-md border bg-surface py-1 pr-1 pl-3">
              <code data-testid="mfa-secret" className="min-w-0 flex-1 font-mono text-sm break-all">
                {groupSecret(setup.secret)}
              </code>
              <CopyButton value={setup.secret} label="Copy secret key" failureMessage="Failed to copy key" />
            </div>
          </div>
        </div>
      </section>

      <section className="grid gap-3" aria-labelledby={`${id}-backup`}>
        <div className="grid gap-1">
          <StepHeading id={`${id}-backup`} step={2}>
            Save your backup codes
          </StepHeading>
          <p className="text-sm text-muted-foreground">
            Each code signs you in once if you lose your phone. Keep them somewhere safe and offline.
          </p>
        </div>
        <BackupCodeList codes={setup.backupCodes} />
      </section>

      <section className="grid gap-3" aria-labelledby={`${id}-verify`}>
        <StepHeading id={`${id}-verify`} step={3}>
          Enter the code from the app
        </StepHeading>
        <form onSubmit={onSubmit} noValidate aria-label="Verify and enable" className="grid max-w-xs gap-4">
          <FormField
            label="Verification code"
            hint="The 6-digit code your app shows now."
            error={error}
            announce
          >
            {(control) => (
              <TotpCodeInput
                {...control}
                value={code}
                onValueChange={(value) => {
                  setCode(value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={!complete || enable.isPending}>
              {enable.isPending && <Spinner className="text-primary-foreground" label="Verifying" />}
              Verify and enable
            </Button>
            <Button variant="ghost" onClick={onCancel} disabled={enable.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
