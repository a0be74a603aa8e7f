import { useId } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BellRing, MailWarning, Save } from 'lucide-react';
import {
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  notificationPreferencesSchema,
  type NotificationPreferences,
  type NotificationType,
} from '@contract/notifications';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { LoadingMessage, Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useNotificationPreferences } from '@/features/notifications/api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '@/features/notifications/api/update-notification-preferences';
import { toastFailure } from '@/lib/failure-toast';

/** Security alerts always go out by e-mail: the API stores true whatever it is sent. */
const ALWAYS_EMAILED: NotificationType = 'security_alert';

interface PreferenceRowProps {
  type: NotificationType;
  control: Control<NotificationPreferences>;
}

/** One notification type: what it covers, and whether it comes by e-mail as well as in the bell. */
function PreferenceRow({ type, control }: PreferenceRowProps) {
  const id = useId();
  const { label, description } = NOTIFICATION_TYPE_LABELS[type];
  const always = type === ALWAYS_EMAILED;
  const checked = useWatch({ control, name: `email.${type}` });
  const emailed = always || checked;
  return (
    <li className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-1">
        <p id={`${id}-label`} className="text-sm font-medium">
          {label}
        </p>
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
        <p
          id={`${id}-state`}
          className="font-mono text-[0.7rem] tracking-wider text-muted-foreground uppercase"
        >
          {always ? 'Always e-mailed' : emailed ? 'In-app and e-mail' : 'In-app only'}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2 pt-0.5">
        <span aria-hidden="true" className="text-xs text-muted-foreground">
          E-mail
        </span>
        <Controller
          control={control}
          name={`email.${type}`}
          render={({ field }) => (
            <Switch
              ref={field.ref}
              name={field.name}
              checked={always ? true : field.value}
              disabled={always}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              aria-label={`E-mail for ${label.toLowerCase()}`}
              aria-describedby={`${id}-description ${id}-state`}
            />
          )}
        />
      </div>
    </li>
  );
}

function PreferencesForm({ stored }: { stored: NotificationPreferences }) {
  const update = useUpdateNotificationPreferences();
  const { control, handleSubmit, reset } = useForm({
    resolver: zodResolver(notificationPreferencesSchema),
    defaultValues: stored,
  });

  const onSubmit = handleSubmit((values) =>
    update
      .mutateAsync({ email: { ...values.email, security_alert: true } })
      .then((saved) => {
        reset(saved);
        toast({ title: 'Preferences saved' });
      })
      .catch((error: unknown) => {
        toastFailure(error, 'Failed to save preferences.');
      }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Notification preferences" className="grid gap-6">
      <ul className="divide-y">
        {NOTIFICATION_TYPES.map((type) => (
          <PreferenceRow key={type} type={type} control={control} />
        ))}
      </ul>
      <Button type="submit" disabled={update.isPending} className="justify-self-start">
        {update.isPending ? (
          <Spinner className="text-primary-foreground" label="Saving" />
        ) : (
          <Save aria-hidden="true" />
        )}
        Save preferences
      </Button>
    </form>
  );
}

interface NotificationPreferencesCardProps {
  /** The signed-in user's address and whether it is verified: unverified addresses get security alerts only. */
  email: string;
  emailVerified: boolean;
}

/** Settings > Preferences: every notification shows in the bell; the user picks which also come by e-mail. */
export function NotificationPreferencesCard({ email, emailVerified }: NotificationPreferencesCardProps) {
  const preferences = useNotificationPreferences();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing aria-hidden="true" className="size-5 text-primary" />
          Notifications
        </CardTitle>
        <CardDescription>
          Every notification shows in the bell. Choose which also come by e-mail to{' '}
          <strong className="break-all text-foreground">{email}</strong>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {!emailVerified && (
          <p className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
            <span>
              Your address is not verified yet: e-mail goes out only once it is, except security alerts. Open
              the link we sent you to verify it.
            </span>
          </p>
        )}
        {preferences.isPending ? (
          <LoadingMessage>Loading preferences...</LoadingMessage>
        ) : preferences.isError ? (
          <LoadError message="Failed to load your preferences." onRetry={() => void preferences.refetch()} />
        ) : (
          <PreferencesForm stored={preferences.data} />
        )}
      </CardContent>
    </Card>
  );
}
