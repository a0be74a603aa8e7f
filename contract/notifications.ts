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

/** The bell's badge reads '99+' above this (spec section 9). */
export const NOTIFICATION_BADGE_MAX = 99;
export const NOTIFICATION_POLL_MS = 30_000;

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
