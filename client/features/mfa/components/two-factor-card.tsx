import { useId, useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingMessage } from '@/components/ui/spinner';
import { BackupCodeList } from '@/features/mfa/components/backup-code-list';
import { MfaDisableForm } from '@/features/mfa/components/mfa-disable-form';
import { MfaSetup } from '@/features/mfa/components/mfa-setup';
import { useUser } from '@/lib/auth';

/** The two-factor card of the Security tab: its status, the setup while off, turning it off while on. */
export function TwoFactorCard() {
  const { data: user, isPending } = useUser();
  // Right after enabling, the backup codes are shown once more until the user says they have them.
  const [savedCodes, setSavedCodes] = useState<readonly string[] | null>(null);
  const savedCodesHeading = useId();

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
            Two-factor authentication
          </CardTitle>
          <CardDescription>A code from your phone on top of your password at every sign-in.</CardDescription>
        </div>
        {user && (
          <Badge variant={user.mfaEnabled ? 'default' : 'warning'} data-testid="mfa-status">
            {user.mfaEnabled ? 'Active' : 'Inactive'}
          </Badge>
        )}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <LoadingMessage>Loading user information...</LoadingMessage>
        ) : !user ? (
          <p className="text-sm text-muted-foreground">Please log in to manage two-factor authentication.</p>
        ) : user.mfaEnabled ? (
          <div className="grid gap-6">
            {savedCodes && (
              <section
                aria-labelledby={savedCodesHeading}
                className="grid gap-3 rounded-md border border-warning/40 bg-warning/5 p-4"
              >
                <h4 id={savedCodesHeading} className="text-sm font-semibold text-warning">
                  Save your backup codes now
                </h4>
                <p className="text-sm text-muted-foreground">
                  They will not be shown again. Each one signs you in once if you lose your phone.
                </p>
                <BackupCodeList codes={savedCodes} />
                <Button variant="outline" className="justify-self-start" onClick={() => setSavedCodes(null)}>
                  I have saved my backup codes
                </Button>
              </section>
            )}
            <MfaDisableForm />
          </div>
        ) : (
          <MfaSetup onEnabled={setSavedCodes} />
        )}
      </CardContent>
    </Card>
  );
}
