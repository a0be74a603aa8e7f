import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'case_update',
  'payment_received',
  'tier_upgrade',
  'security_alert',
  'other',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** The bell's badge reads '99+' above this. */
export const NOTIFICATION_BADGE_MAX = 99;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  actionUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof notificationSchema>;

export function unreadBadge(count: number): string {
  return count > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(count);
}

/**
 * Which notification types also go out by e-mail (Settings > Preferences). `security_alert` is always true: a PUT may send
 * false, and the stored value stays true.
 */
export const notificationPreferencesSchema = z.object({
  email: z.object({
    case_update: z.boolean(),
    payment_received: z.boolean(),
    tier_upgrade: z.boolean(),
    security_alert: z.boolean(),
    other: z.boolean(),
  }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email: { case_update: true, payment_received: true, tier_upgrade: true, security_alert: true, other: true },
};

/** What each type covers, for the preferences screen. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, { label: string; description: string }> = {
  case_update: {
    label: 'Cases and investigations',
    description: 'Updates on your cases and status changes of your investigations',
  },
  payment_received: {
    label: 'Payments and receipts',
    description: 'Receipts for completed payments and notices of failed ones',
  },
  tier_upgrade: {
    label: 'Access tier and subscription',
    description: 'Tier changes, subscription renewals and expiry',
  },
  security_alert: {
    label: 'Security alerts',
    description: 'New sign-ins, password and two-factor changes; always e-mailed',
  },
  other: {
    label: 'Everything else',
    description: 'Other notices, and for Directors the requests waiting for a decision',
  },
};
