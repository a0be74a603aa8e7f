import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { deleteAccountRequestSchema, type DeleteAccountResponse } from '@contract/privacy';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useDeleteAccount } from '@/features/privacy/api/delete-account';
import { useDeletionTerms } from '@/features/privacy/api/get-deletion-terms';
import { useUser } from '@/lib/auth';
import { BACKUP_CODE_MAX } from '@/lib/constants';
import { useApiForm } from '@/lib/use-api-form';

/** With 2FA on the code is required here too, so a missing one is said before anything is sent. */
const withCodeSchema = deleteAccountRequestSchema.extend({
  code: z.string().trim().min(6, 'Enter the 6-digit code').max(BACKUP_CODE_MAX, 'Enter the 6-digit code'),
});
/** Without 2FA only the password is sent; the code field stays empty and hidden. */
const passwordOnlySchema = deleteAccountRequestSchema.pick({ password: true }).extend({ code: z.string() });
type DeleteAccountFormValues = z.input<typeof withCodeSchema>;

const fields = ['password', 'code'] as const;
const emptyValues: DeleteAccountFormValues = { password: '', code: '' };

const whenFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** What a failure says when the API gave no message of its own (it says why for a 409 or a 429). */
function failureMessage(error: unknown): string {
  return error instanceof TypeError
    ? 'Cannot reach the server. Check your connection and try again.'
    : 'Something went wrong. Please try again.';
}

function DeleteAccountForm({ mfaEnabled, onCancel }: { mfaEnabled: boolean; onCancel: () => void }) {
  const remove = useDeleteAccount();
  const [, navigate] = useLocation();
  const {
    register,
    submit,
    formState: { errors },
  } = useApiForm(mfaEnabled ? withCodeSchema : passwordOnlySchema, { defaultValues: emptyValues });

  const onSubmit = submit(
    ({ password, code }) => remove.mutateAsync(mfaEnabled ? { password, code } : { password }),
    {
      fields,
      fallbackMessage: failureMessage,
      // A 401 here means the session had already ended: the app's own sign-in handling says so.
      onSuccess: ({ scheduledFor }: DeleteAccountResponse) => {
        // The hook has signed the user out in the app; the toast outlives the page it was raised on.
        navigate(paths.home.getHref(), { replace: true });
        toast({
          title: 'Account scheduled for deletion',
          description: `Your account will be deleted on ${whenFormat.format(new Date(scheduledFor))}. Signing in before then cancels the deletion.`,
        });
      },
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Delete my account" className="grid gap-4">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {mfaEnabled && (
        <TextField
          label="Authentication or backup code"
          hint="A 6-digit code from your authenticator app, or one of your backup codes."
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={BACKUP_CODE_MAX}
          className="font-mono tracking-wider"
          error={errors.code?.message}
          {...register('code')}
        />
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {remove.isPending ? (
            <Spinner className="text-destructive-foreground" label="Deleting" />
          ) : (
            <Trash2 aria-hidden="true" />
          )}
          Delete my account
        </Button>
      </DialogFooter>
    </form>
  );
}

function Facts({ title, items }: { title: string; items: string[] }) {
  const id = `delete-account-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="grid gap-1">
      <h4 id={id} className="font-medium">
        {title}
      </h4>
      <ul aria-labelledby={id} className="list-disc space-y-0.5 pl-5 text-muted-foreground">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Settings > Privacy, the danger zone: when the deletion is carried out (the server's grace), what becomes of an
 * active subscription, what is erased, deleted and kept (as the deletion code does it: account-deletion's
 * repository and evidence's eraseForUser), and a dialog that asks for the password (and with 2FA on, a code). On
 * success the account is signed out everywhere and the browser goes to the home page, with a toast saying when the
 * deletion is carried out.
 */
export function DeleteAccountCard() {
  const { data: user } = useUser();
  const terms = useDeletionTerms();
  const [open, setOpen] = useState(false);
  const graceDays = terms.data?.graceDays;
  const when =
    graceDays === undefined
      ? 'after a grace period'
      : graceDays === 0
        ? 'within a minute of your request'
        : `${graceDays} ${graceDays === 1 ? 'day' : 'days'} after your request`;

  return (
    <Card className="border-destructive/60">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-red-400">
          <Trash2 aria-hidden="true" className="size-5" />
          Delete my account
        </CardTitle>
        <CardDescription>
          Every session and API key of your account ends at once. The deletion is carried out {when}
          {graceDays === 0 ? '.' : '; signing in before then cancels it.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div className="grid gap-1">
          <h4 className="font-medium">An active subscription</h4>
          <p className="text-muted-foreground">
            It is not refunded.{' '}
            {graceDays === 0
              ? 'When the deletion is carried out it stops renewing: nothing more is charged, and it ends with the period already paid for.'
              : 'Until the deletion is carried out it stays as it is and renews if its period ends meanwhile; then it stops renewing: nothing more is charged, and it ends with the period already paid for.'}{' '}
            To stop a renewal now, cancel auto-renewal under Payments first.
          </p>
        </div>
        <Facts
          title="What is erased"
          items={[
            'Your name, e-mail addresses (former ones too), phone numbers and postal addresses; orders keep only the country.',
            'What you wrote in cases and your case updates, investigation requests, service inquiries, secure-channel requests and vendor applications.',
            "Your address wherever it appears in other people's notifications and mail, integration deliveries, automation runs and the audit log.",
          ]}
        />
        <Facts
          title="What is deleted"
          items={[
            'The evidence files you uploaded to cases and investigation requests (their names and their contents).',
            'Your cart, notifications and their preferences, devices and sessions, API keys, integrations with their delivery logs, QR codes, AI analyses, automation rules with their runs, bulk operations with their outputs, and product reviews.',
            'Two-factor authentication (secret and backup codes), e-mail links, data exports and mail still waiting to be sent to you.',
          ]}
        />
        <Facts
          title="What is kept"
          items={[
            'Orders, payments, invoices, subscription billing history and the audit log: the law requires the firm to keep them. They stay attached to an anonymous account that staff see as a numbered "Deleted user".',
            "Files staff attached to your cases, and staff's updates on them. PDF reports already made of your cases and requests stay as they were issued. Page views and searches stay as anonymous statistics.",
            'Your address can then be used to register a new account.',
          ]}
        />
        <Button variant="destructive" className="justify-self-start" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          Delete my account
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              {user?.mfaEnabled
                ? 'Enter your password and a code from your authenticator app to confirm.'
                : 'Enter your password to confirm.'}{' '}
              You are signed out everywhere at once, and the account is deleted {when}.
            </DialogDescription>
          </DialogHeader>
          {open && (
            <DeleteAccountForm mfaEnabled={user?.mfaEnabled ?? false} onCancel={() => setOpen(false)} />
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
