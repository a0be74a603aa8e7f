import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type Notification,
  type NotificationPreferences,
  type NotificationPriority,
  type NotificationType,
} from '../../../contract/notifications.js';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext } from '../../infra/context.js';
import type { AppEvents, SecurityKind } from '../../infra/events.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import type { MailContent } from '../../infra/mail.js';
import { publicUrl } from '../../infra/public-url.js';
import * as mail from '../mail/mail.service.js';
import * as repository from './notifications.repository.js';
import type { Recipient } from './notifications.repository.js';

export interface NotifyInput {
  userId: string;
  type: NotificationType;
  priority?: NotificationPriority;
  title: string;
  message: string;
  /** A local path the bell opens on click, and the e-mail's button. */
  actionUrl?: string;
  /** Facts the e-mail sets out as a table (a receipt's amount, method and reference). */
  details?: { label: string; value: string }[];
}

type Row = Awaited<ReturnType<typeof repository.insert>>;
const toNotification = (row: Row): Notification => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * The one way to tell a user something (decision 006): the in-app notification and, when the user's preferences
 * ask for it, its e-mail are written in the caller's transaction, so they exist exactly when the change they report
 * commits. Security alerts are always e-mailed, to any address; everything else only to a verified one.
 */
export async function notify(ctx: AppContext, db: DbOrTx, input: NotifyInput): Promise<Notification> {
  const notification = toNotification(await repository.insert(db, { priority: 'normal', ...stored(input) }));
  const recipient = await repository.findRecipient(db, input.userId);
  if (recipient) await mailIfWanted(ctx, db, recipient, input);
  return notification;
}

/**
 * Staff queue alerts: every Director is told, in the caller's transaction, that something waits for a decision
 * (a payment to confirm, an upgrade to approve, a request or application to review).
 */
export async function notifyDirectors(
  ctx: AppContext,
  db: DbOrTx,
  input: Omit<NotifyInput, 'userId'>,
): Promise<void> {
  const directors = await repository.listDirectors(db);
  await repository.insertMany(
    db,
    directors.map((director) => ({
      priority: 'normal' as const,
      ...stored({ ...input, userId: director.id }),
    })),
  );
  for (const director of directors) await mailIfWanted(ctx, db, director, { ...input, userId: director.id });
}

const stored = ({ details: _details, ...input }: NotifyInput) => input;

function wantsMail(recipient: Recipient, type: NotificationType): boolean {
  if (type === 'security_alert') return true;
  if (!recipient.emailVerified) return false;
  return (recipient.emailPreferences ?? DEFAULT_NOTIFICATION_PREFERENCES.email)[type];
}

async function mailIfWanted(ctx: AppContext, db: DbOrTx, recipient: Recipient, input: NotifyInput) {
  if (!wantsMail(recipient, input.type)) return;
  const content: MailContent = {
    // A title may carry words a user typed (an automation rule's name): never a line break into a header.
    // eslint-disable-next-line no-control-regex
    subject: input.title.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim(),
    greeting: `Hello ${recipient.firstName ?? 'there'},`,
    paragraphs: [input.message],
    details: input.details,
    action: input.actionUrl
      ? { label: 'Open in Intel Portal', url: publicUrl(ctx.config, input.actionUrl) }
      : undefined,
    footer:
      input.type === 'security_alert'
        ? 'Security alerts are always e-mailed. If this was not you, change your password now.'
        : 'You get this e-mail because of your notification preferences.',
    footerLink: {
      label: 'Choose what we e-mail you',
      url: publicUrl(ctx.config, '/settings?tab=preferences'),
    },
  };
  await mail.queueMail(ctx, db, {
    userId: recipient.id,
    to: recipient.email,
    kind: `notification.${input.type}`,
    content,
  });
}

export async function list(ctx: AppContext, userId: string, limit: number): Promise<Notification[]> {
  return (await repository.listForUser(ctx.db, userId, limit)).map(toNotification);
}

export async function markRead(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!isId(id) || !(await repository.markRead(ctx.db, userId, id))) throw notFound('Notification');
}

export async function markAllRead(ctx: AppContext, userId: string): Promise<number> {
  return repository.markAllRead(ctx.db, userId);
}

export async function getPreferences(ctx: AppContext, userId: string): Promise<NotificationPreferences> {
  const email = await repository.findPreferences(ctx.db, userId);
  return { email: { ...DEFAULT_NOTIFICATION_PREFERENCES.email, ...email, security_alert: true } };
}

/** Stores the choice; security alerts stay on whatever was sent. */
export async function setPreferences(
  ctx: AppContext,
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  const email = await repository.upsertPreferences(ctx.db, userId, {
    ...preferences.email,
    security_alert: true,
  });
  return { email };
}

/** What the account's owner is told of each security happening (always e-mailed, to any address; decision 006). */
const SECURITY_NOTICES: {
  [K in SecurityKind]: (payload: AppEvents[K]) => Omit<NotifyInput, 'userId' | 'type'>;
} = {
  'security.new_device': ({ device, ip }) => ({
    priority: 'high',
    title: 'New sign-in',
    message: `Your account was signed in from ${device} (${ip}). If this was not you, change your password and end that session.`,
    actionUrl: '/mobile',
  }),
  'security.mfa_changed': ({ enabled }) => ({
    priority: enabled ? 'normal' : 'high',
    title: enabled ? 'Two-factor authentication enabled' : 'Two-factor authentication disabled',
    message: enabled
      ? 'Sign-ins now need a code from your authenticator app. Your other sessions were signed out.'
      : 'Sign-ins no longer need a second factor. Your other sessions were signed out.',
    actionUrl: '/settings',
  }),
  'security.api_key_created': ({ name }) => ({
    priority: 'normal',
    title: 'API key created',
    message: `A new API key "${name}" can now act on your account.`,
    actionUrl: '/mobile',
  }),
  'security.failed_logins': ({ attempts }) => ({
    priority: 'urgent',
    title: 'Repeated failed sign-ins',
    message: `${attempts} failed sign-in attempts on your account were blocked. Consider enabling two-factor authentication.`,
    actionUrl: '/settings',
  }),
  'security.password_changed': ({ how }) => ({
    priority: 'high',
    title: 'Your password was changed',
    message:
      how === 'reset'
        ? 'Your password was reset through a link sent to this address, and every session was signed out. If this was not you, reset your password again and contact us.'
        : 'Your password was changed in Settings, and your other sessions were signed out. If this was not you, reset your password now.',
    actionUrl: '/settings?tab=security',
  }),
  'security.email_changed': ({ to }) => ({
    priority: 'high',
    title: 'Your sign-in address was changed',
    message: `Your account now signs in with ${to}; mail goes there from now on. If this was not you, reset your password and contact us.`,
    actionUrl: '/settings?tab=security',
  }),
  'security.passkey_changed': ({ name, added }) => ({
    priority: 'high',
    title: added ? 'Passkey added' : 'Passkey removed',
    message: added
      ? `A passkey "${name}" can now sign in to your account. If this was not you, remove it in Settings > Security and change your password.`
      : `The passkey "${name}" was removed and can no longer sign in to your account. If this was not you, change your password.`,
    actionUrl: '/settings?tab=security',
  }),
};

/**
 * A security happening told to the account's owner, in the caller's transaction. The caller announces the event
 * itself after the commit (`emitSecurityEvent`) for automation rules.
 */
export async function notifySecurity<K extends SecurityKind>(
  ctx: AppContext,
  db: DbOrTx,
  name: K,
  payload: AppEvents[K],
): Promise<void> {
  await notify(ctx, db, {
    userId: payload.userId,
    type: 'security_alert',
    ...SECURITY_NOTICES[name](payload),
  });
}
