import type {
  Notification,
  NotificationPriority,
  NotificationType,
} from '../../../contract/notifications.js';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext } from '../../lib/context.js';
import { isId } from '../../lib/ids.js';
import { notFound } from '../../lib/errors.js';
import * as repository from './notifications.repository.js';

export interface NotifyInput {
  userId: string;
  type: NotificationType;
  priority?: NotificationPriority;
  title: string;
  message: string;
  /** A local path the bell opens on click. */
  actionUrl?: string;
}

type Row = Awaited<ReturnType<typeof repository.insert>>;
const toNotification = (row: Row): Notification => ({ ...row, createdAt: row.createdAt.toISOString() });

/** The one way to tell a user something; pass a transaction to tie it to the change it reports. */
export async function notify(db: DbOrTx, input: NotifyInput): Promise<Notification> {
  return toNotification(await repository.insert(db, { priority: 'normal', ...input }));
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

/** Security events become notifications (issue: sign-in from a new device, 2FA changes, keys, failed sign-ins). */
export function subscribe(ctx: AppContext): void {
  ctx.events.on('security.new_device', async ({ userId, device, ip }) => {
    await notify(ctx.db, {
      userId,
      type: 'security_alert',
      priority: 'high',
      title: 'New sign-in',
      message: `Your account was signed in from ${device} (${ip}). If this was not you, change your password and end that session.`,
      actionUrl: '/mobile',
    });
  });
  ctx.events.on('security.mfa_changed', async ({ userId, enabled }) => {
    await notify(ctx.db, {
      userId,
      type: 'security_alert',
      priority: enabled ? 'normal' : 'high',
      title: enabled ? 'Two-factor authentication enabled' : 'Two-factor authentication disabled',
      message: enabled
        ? 'Sign-ins now need a code from your authenticator app. Your other sessions were signed out.'
        : 'Sign-ins no longer need a second factor. Your other sessions were signed out.',
      actionUrl: '/settings',
    });
  });
  ctx.events.on('security.api_key_created', async ({ userId, name }) => {
    await notify(ctx.db, {
      userId,
      type: 'security_alert',
      priority: 'normal',
      title: 'API key created',
      message: `A new API key "${name}" can now act on your account.`,
      actionUrl: '/mobile',
    });
  });
  ctx.events.on('payment.completed', async ({ userId, amount, currency, description, actionUrl }) => {
    await notify(ctx.db, {
      userId,
      type: 'payment_received',
      priority: 'normal',
      title: 'Payment received',
      message: `We received ${currency} ${amount} for: ${description}.`,
      actionUrl,
    });
  });
  ctx.events.on('payment.failed', async ({ userId, amount, currency, description }) => {
    await notify(ctx.db, {
      userId,
      type: 'other',
      priority: 'high',
      title: 'Payment failed',
      message: `Your payment of ${currency} ${amount} for ${description} did not go through.`,
      actionUrl: '/payments',
    });
  });
  ctx.events.on('tier.changed', async ({ userId, from, to, reason }) => {
    const raised = to > from;
    await notify(ctx.db, {
      userId,
      type: 'tier_upgrade',
      priority: raised ? 'normal' : 'high',
      title: raised ? `Welcome to tier ${to}` : `Your access is now tier ${to}`,
      message: raised
        ? `Your access tier is now ${to} (was ${from}).`
        : reason === 'expiry'
          ? `Your paid period ended, so your access tier went from ${from} to ${to}. Renew on the payments page.`
          : `Your access tier went from ${from} to ${to}.`,
      actionUrl: '/payments',
    });
  });
  ctx.events.on('upgrade.rejected', async ({ userId, tier }) => {
    await notify(ctx.db, {
      userId,
      type: 'tier_upgrade',
      priority: 'high',
      title: 'Upgrade not approved',
      message: `Your upgrade to tier ${tier} was not approved; its payment is refunded or cancelled.`,
      actionUrl: '/payments',
    });
  });
  ctx.events.on('security.failed_logins', async ({ userId, attempts }) => {
    await notify(ctx.db, {
      userId,
      type: 'security_alert',
      priority: 'urgent',
      title: 'Repeated failed sign-ins',
      message: `${attempts} failed sign-in attempts on your account were blocked. Consider enabling two-factor authentication.`,
      actionUrl: '/settings',
    });
  });
}
