import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from './lists.js';

/**
 * The audit trail Directors read (design 11.2): `GET /api/admin/audit`, newest first, keyset-paginated on the
 * event's time and id. Rows are written by the server as things happen and are never changed or deleted through the
 * app.
 */

/** The answer's header holding the value to pass as `before` for the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** A staff member opening another user's record. */
export const STAFF_READ_ACTION = 'staff.read';

/**
 * Every action the server records, with its label in words: the server's `record` takes only these names (its
 * `AuditAction` is this object's keys), so an action cannot be recorded without a label and a place in the screen's
 * picker. The filter also takes prefixes such as `auth.*`, and any well-formed name (events of older versions).
 */
export const AUDIT_ACTION_LABELS = {
  'auth.registered': 'Registered',
  'auth.login_succeeded': 'Signed in',
  'auth.login_failed': 'Sign-in failed',
  'auth.logout': 'Signed out',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'auth.password_changed': 'Password changed',
  'auth.email_verified': 'E-mail address verified',
  'auth.email_change_requested': 'E-mail change requested',
  'auth.email_changed': 'E-mail address changed',
  'auth.mfa_enabled': '2FA turned on',
  'auth.mfa_disabled': '2FA turned off',
  'auth.mfa_failed': 'Wrong 2FA code',
  'auth.session_revoked': 'Device signed out',
  'auth.passkey_added': 'Passkey added',
  'auth.passkey_removed': 'Passkey removed',
  'auth.webauthn_failed': 'Passkey refused',
  'auth.reauthenticated': 'Identity confirmed again',
  'auth.backup_codes_regenerated': 'New 2FA backup codes',
  'auth.provisioned': 'Account created by the organisation (SSO or SCIM)',
  'auth.sso_failed': 'Single sign-on failed',
  'account.deletion_requested': 'Account deletion requested',
  'account.deletion_cancelled': 'Account deletion cancelled',
  'account.deleted': 'Account deleted',
  'privacy.export_requested': 'Data export requested',
  'privacy.export_downloaded': 'Data export downloaded',
  'user.created': 'Account created by an operator',
  'user.tier_changed': 'Tier changed',
  'payment.created': 'Payment made',
  'payment.confirmed': 'Payment confirmed',
  'payment.failed': 'Payment failed',
  'payment.refund_retried': 'Refund sent again',
  'order.shipped': 'Order shipped',
  'order.delivered': 'Order delivered',
  'order.cancelled': 'Order cancelled',
  'order.return_requested': 'Return requested',
  'order.return_approved': 'Return approved',
  'order.return_rejected': 'Return rejected',
  'subscription.requested': 'Upgrade requested',
  'subscription.cancelled': 'Subscription cancelled',
  'subscription.expired': 'Subscription ended',
  'subscription.renewed': 'Subscription renewed',
  'upgrade.approved': 'Upgrade approved',
  'upgrade.rejected': 'Upgrade rejected',
  'case.status_changed': 'Case status changed',
  'case.assigned': 'Case assigned',
  'case.merged': 'Case merged into another',
  'inquiry.submitted': 'Service inquiry submitted',
  'investigation.requested': 'Investigation requested',
  'investigation.updated': 'Investigation updated',
  'secure_channel.reviewed': 'Secure channel request reviewed',
  'vendor.application_reviewed': 'Vendor application reviewed',
  'vendor.product_reviewed': 'Vendor product reviewed',
  'product.tax_changed': "Product's HSN code or GST rate changed",
  'file.uploaded': 'File attached',
  'file.downloaded': 'File downloaded',
  'file.deleted': 'File removed',
  'report.requested': 'Report requested',
  'report.downloaded': 'Report downloaded',
  'organization.member_joined': 'Joined an organisation',
  'organization.member_role_changed': 'Organisation role changed',
  'organization.member_removed': 'Removed from an organisation',
  'organization.member_left': 'Left an organisation',
  'organization.invitation_sent': 'Invited to an organisation',
  'organization.invitation_revoked': 'Organisation invitation withdrawn',
  'organization.client_changed': 'Enterprise client changed',
  'organization.visibility_changed': 'Sharing with the organisation changed',
  'organization.sso_configured': 'Single sign-on set up or changed',
  'organization.sso_removed': 'Single sign-on removed',
  'organization.sso_tested': 'Single sign-on tested',
  'organization.scim_token_created': 'SCIM token created',
  'scim.user_created': 'Provisioned by the directory (SCIM)',
  'scim.user_updated': 'Changed by the directory (SCIM)',
  'scim.user_deactivated': 'Deactivated by the directory (SCIM)',
  'scim.user_reactivated': 'Reactivated by the directory (SCIM)',
  'scim.user_deleted': 'Removed by the directory (SCIM)',
  [STAFF_READ_ACTION]: "Staff read another user's record",
} as const satisfies Record<string, string>;
export type KnownAuditAction = keyof typeof AUDIT_ACTION_LABELS;
/** The actions the server may record. */
export type AuditAction = KnownAuditAction;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as KnownAuditAction[];

/** The families of actions (`auth.*`, `payment.*`...), each a filter of its own. */
export const AUDIT_ACTION_PREFIXES = [...new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0]!))].map(
  (family) => `${family}.*`,
);

/** What kind of record an event is about, in words. */
export const AUDIT_SUBJECT_TYPE_LABELS: Record<string, string> = {
  user: 'Account',
  email: 'E-mail address',
  case: 'Case',
  investigation: 'Investigation',
  secure_channel_request: 'Secure channel request',
  payment: 'Payment',
  subscription: 'Upgrade',
  vendor_application: 'Vendor application',
  vendor_product: 'Vendor product',
  product: 'Product',
  service_inquiry: 'Service inquiry',
  data_export: 'Data export',
  report: 'Report',
  evidence_file: 'File',
  passkey: 'Passkey',
};

/** Who acted when nobody did: a job, the payment provider, an operator's command. */
export const AUDIT_SYSTEM_LABEL = 'System';

/** An action in words; an action no label names (recorded by an older version) shows as recorded. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** What kind of record an event is about, in words. */
export function auditSubjectTypeLabel(subjectType: string): string {
  return AUDIT_SUBJECT_TYPE_LABELS[subjectType] ?? subjectType.replaceAll('_', ' ');
}

/**
 * Where an event came from: the address of the request that caused it, or "System" for what no request caused
 * (a job such as the subscription expiry, an operator's command).
 */
export function auditIpLabel(ip: string | null): string {
  return ip ?? AUDIT_SYSTEM_LABEL;
}

const ACTION_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*(\.\*)?$/;
const CURSOR_PATTERN =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12})$/;

/** A query parameter sent empty (`?actorId=`) counts as not sent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const dateTime = (name: string) => {
  const message = `${name} must be an ISO date and time, e.g. 2026-11-24T09:30:00Z`;
  return z.string({ error: message }).pipe(
    z.iso
      .datetime({ offset: true, error: message })
      // PostgreSQL has no year 0: a time it cannot store is a 400, not a failed query.
      .refine((value) => !value.startsWith('0000'), `${name} must be in the year 0001 or later`),
  );
};

/** Where a page ended: the last event's time (to the microsecond, as stored) and id. */
export interface AuditCursor {
  at: string;
  id: string;
}

const toBase64Url = (text: string) => btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

/** The `X-Next-Cursor` value: opaque to clients, who pass it back as `before` unchanged. */
export function encodeAuditCursor(cursor: AuditCursor): string {
  return toBase64Url(`${cursor.at}_${cursor.id}`);
}

/** The cursor a `before` value stands for; null when it is not one the server gave out. */
export function decodeAuditCursor(value: string): AuditCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) return null;
  let text: string;
  try {
    text = atob(value.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return null;
  }
  const match = CURSOR_PATTERN.exec(text);
  if (!match || !dateTime('before').safeParse(match[1]).success) return null;
  return { at: match[1]!, id: match[2]! };
}

/** A user as a filter names them: their account id, or their e-mail address (any case). */
const userRef = (name: string) => {
  const message = `${name} must be a user id (a UUID) or an e-mail address`;
  return z
    .string({ error: message })
    .trim()
    .max(254, message)
    .refine((value) => z.guid().safeParse(value).success || z.email().safeParse(value).success, message);
};

/** Whether a user filter's value is an e-mail address (else it is an account id). */
export const isEmailRef = (value: string) => value.includes('@');

/**
 * `GET /api/admin/audit` query. `actorId` and `subjectUserId` take an account id or an e-mail address. `action` is one action (`auth.login_failed`) or every action of a family
 * (`auth.*`); `from` is inclusive and `to` exclusive; `before` is the `X-Next-Cursor` of the previous page.
 */
export const auditQuerySchema = z
  .object({
    actorId: optional(userRef('actorId')),
    subjectUserId: optional(userRef('subjectUserId')),
    action: optional(
      z
        .string({ error: 'action must be an action such as auth.login_failed, or a family such as auth.*' })
        .max(100, 'action must be at most 100 characters')
        .regex(
          ACTION_PATTERN,
          'action must be an action such as auth.login_failed, or a family such as auth.*',
        ),
    ),
    from: optional(dateTime('from')),
    to: optional(dateTime('to')),
    before: optional(
      z
        .string({ error: 'before must be the X-Next-Cursor value of the previous page' })
        .transform((value, ctx) => {
          const cursor = decodeAuditCursor(value);
          if (!cursor) {
            ctx.addIssue({
              code: 'custom',
              message: 'before must be the X-Next-Cursor value of the previous page',
            });
            return z.NEVER;
          }
          return cursor;
        }),
    ),
    limit: z.coerce
      .number({ error: 'limit must be a whole number from 1 to 200' })
      .int('limit must be a whole number from 1 to 200')
      .min(1, 'limit must be at least 1')
      .max(LIST_MAX_LIMIT, `limit must be at most ${LIST_MAX_LIMIT}`)
      .default(LIST_DEFAULT_LIMIT),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    path: ['to'],
    message: 'to must be later than from',
  });
export type AuditQuery = z.input<typeof auditQuerySchema>;
export type AuditFilters = z.output<typeof auditQuerySchema>;

/** One event of the trail (design 11.2). */
export const auditEventSchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  action: z.string(),
  /** Who acted; null for the system (a job, the payment provider, an operator's command) or an unknown address. */
  actorId: z.string().nullable(),
  /** The actor's address, or "Deleted user #n" once their account was deleted. */
  actorEmail: z.string().nullable(),
  /** What kind of record the event is about (`case`, `payment`, `user`, `email`...). */
  subjectType: z.string().nullable(),
  /** That record's id (for `email`, the address a sign-in tried). */
  subjectId: z.string().nullable(),
  /** The account whose data the event is about. */
  subjectUserId: z.string().nullable(),
  /** That account's address, or "Deleted user #n" once it was deleted. */
  subjectUserEmail: z.string().nullable(),
  /** The address of the request that caused the event; null when none did (a job, an operator's command). */
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  /** The action in words (`Signed in`). */
  actionLabel: z.string(),
  /** Who acted, as people see them: their address, "Deleted user #n", or "System" when nobody did. */
  actorLabel: z.string(),
  /**
   * What the event is about, as people see it: a case's number (CASE-1001), an investigation's reference, a user's
   * or a sign-in's address, a payment's reference, a file's or a report's record number; null when about nothing.
   */
  subjectLabel: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
