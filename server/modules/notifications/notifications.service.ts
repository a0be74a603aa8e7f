import { z } from 'zod';
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
import { defineJob } from '../../infra/job.js';
import * as mail from '../mail/mail.service.js';
import { publishEvent } from '../events/events.service.js';
import * as repository from './notifications.repository.js';
import type { Recipient } from './notifications.repository.js';

/**
 * The case or investigation a `case_update` is about, for its mail: the mail names the record by its number and says
 * what kind of change it was, and carries nothing else of it (design 12.6).
 */
export interface RecordRef {
  type: 'case' | 'investigation';
  id: string;
  /** The case number, or an investigation request's (`investigationNumber`, `INV-1A2B3C4D`). */
  number: string;
  /** What kind of change, as the mail lists it: 'a new comment', 'a status change'. */
  change: string;
}

interface NotifyFields {
  userId: string;
  priority?: NotificationPriority;
  title: string;
  message: string;
  /** A local path the bell opens on click, and the e-mail's button. */
  actionUrl?: string;
  /** Facts the e-mail sets out as a table (a receipt's amount, method and reference). */
  details?: { label: string; value: string }[];
}

/**
 * A case or investigation update says which record it is about (null: several at once), so that its mail can be
 * discreet and coalesced; other types have no record.
 */
export type NotifyInput = NotifyFields &
  (
    | { type: Exclude<NotificationType, 'case_update'>; about?: never }
    | { type: 'case_update'; about: RecordRef | null }
  );

/** What a queue's notice about one record says: a `case_update` to each Director, its record named. */
export type CaseUpdateNotice = Omit<NotifyFields, 'userId'> & { about: RecordRef | null };

type Row = Awaited<ReturnType<typeof repository.insert>>;
const toNotification = (row: Row): Notification => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * The one way to tell a user something (decision 006): the in-app notification and, when the user's preferences
 * ask for it, its e-mail are written in the caller's transaction, so they exist exactly when the change they report
 * commits. Security alerts are always e-mailed, to any address; everything else only to a verified one.
 */
export async function notify(ctx: AppContext, db: DbOrTx, input: NotifyInput): Promise<Notification> {
  const notification = toNotification(await repository.insert(db, { priority: 'normal', ...stored(input) }));
  await publishEvent(db, { to: { userId: input.userId }, type: 'notification', data: notification });
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
  input: DistributiveOmit<NotifyInput, 'userId'>,
): Promise<void> {
  const directors = await repository.listDirectors(db);
  const rows = await repository.insertMany(
    db,
    directors.map((director) => ({
      priority: 'normal' as const,
      ...stored({ ...input, userId: director.id }),
    })),
  );
  await publishEvent(
    db,
    ...rows.map(({ userId, ...row }) => ({
      to: { userId },
      type: 'notification' as const,
      data: toNotification(row),
    })),
  );
  for (const director of directors) await mailIfWanted(ctx, db, director, { ...input, userId: director.id });
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const stored = ({ details: _details, about: _about, ...input }: NotifyInput) => input;

function wantsMail(recipient: Recipient, type: NotificationType): boolean {
  if (type === 'security_alert') return true;
  if (!recipient.emailVerified) return false;
  return (recipient.emailPreferences ?? DEFAULT_NOTIFICATION_PREFERENCES.email)[type];
}

async function mailIfWanted(ctx: AppContext, db: DbOrTx, recipient: Recipient, input: NotifyInput) {
  if (!wantsMail(recipient, input.type)) return;
  if (input.about) {
    // About a case or an investigation: nothing of it goes by mail, and changes close together go as one.
    const { started, id } = await repository.addPendingChange(db, {
      userId: recipient.id,
      subjectType: input.about.type,
      subjectId: input.about.id,
      subjectNumber: input.about.number,
      change: input.about.change,
      actionUrl: input.actionUrl ?? (input.about.type === 'case' ? '/cases' : '/investigations'),
    });
    if (started) {
      await ctx.queue.send(recordMailJob, { id }, { tx: db, startAfter: ctx.config.MAIL_COALESCE_SECONDS });
    }
    return;
  }
  // About several cases at once (a batch, a rule's message): one discreet mail at once, naming none of them.
  const discreet = input.type === 'case_update';
  const content: MailContent = {
    // A title may carry words a user typed (an automation rule's name): never a line break into a header.
    // eslint-disable-next-line no-control-regex
    subject: discreet ? 'News on your cases' : input.title.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim(),
    greeting: `Hello ${recipient.firstName ?? 'there'},`,
    paragraphs: discreet
      ? [
          'There is news on your cases. For your security this e-mail carries nothing of them. Sign in to read it.',
        ]
      : [input.message],
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

const RECORD_WORDS = { case: 'case', investigation: 'investigation request' } as const;

/** 'a, b and c' */
const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * The one mail of a record's changes, sent when MAIL_COALESCE_SECONDS have passed since the first of them: the
 * record's number, the kinds of change and a link, nothing of its content (design 12.6). The waiting row is taken in
 * the transaction that queues the mail, so a retried job sends nothing twice.
 */
export const recordMailJob = defineJob({
  name: 'notifications.record-mail',
  payload: z.object({ id: z.string() }),
  retry: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  async handle(ctx, { id }) {
    await ctx.db.transaction(async (tx) => {
      const pending = await repository.takePendingMail(tx, id);
      if (!pending) return;
      const recipient = await repository.findRecipient(tx, pending.userId);
      if (!recipient) return;
      const what = RECORD_WORDS[pending.subjectType as keyof typeof RECORD_WORDS] ?? 'record';
      const content: MailContent = {
        subject: `Your ${what} ${pending.subjectNumber} was updated`,
        greeting: `Hello ${recipient.firstName ?? 'there'},`,
        paragraphs: [
          `There is news on your ${what} ${pending.subjectNumber}: ${listed(pending.changes)}.`,
          `For your security this e-mail carries nothing of the ${what} itself. Sign in to read it.`,
        ],
        action: { label: 'Open in Intel Portal', url: publicUrl(ctx.config, pending.actionUrl) },
        footer: 'You get this e-mail because of your notification preferences.',
        footerLink: {
          label: 'Choose what we e-mail you',
          url: publicUrl(ctx.config, '/settings?tab=preferences'),
        },
      };
      await mail.queueMail(ctx, tx, {
        userId: recipient.id,
        to: recipient.email,
        kind: 'notification.case_update',
        content,
      });
    });
  },
});

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
  [K in SecurityKind]: (payload: AppEvents[K]) => Omit<NotifyFields, 'userId'>;
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
