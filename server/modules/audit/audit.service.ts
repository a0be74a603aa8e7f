import type { DbOrTx } from '../../db/client.js';
import * as repository from './audit.repository.js';

export type AuditAction =
  | 'auth.registered'
  | 'auth.login_succeeded'
  | 'auth.login_failed'
  | 'auth.logout'
  | 'auth.password_reset_requested'
  | 'auth.password_reset'
  | 'auth.password_changed'
  | 'auth.email_verified'
  | 'auth.email_change_requested'
  | 'auth.email_changed'
  | 'user.created'
  | 'user.tier_changed'
  | 'payment.created'
  | 'payment.confirmed'
  | 'payment.failed'
  | 'subscription.requested'
  | 'subscription.cancelled'
  | 'subscription.expired'
  | 'subscription.renewed'
  | 'upgrade.approved'
  | 'upgrade.rejected'
  | 'auth.mfa_enabled'
  | 'auth.mfa_disabled'
  | 'auth.mfa_failed'
  | 'auth.session_revoked'
  | 'investigation.requested'
  | 'investigation.updated'
  | 'secure_channel.reviewed'
  | 'vendor.application_reviewed'
  | 'vendor.product_reviewed'
  | 'privacy.export_requested'
  | 'privacy.export_downloaded';

export interface AuditInput {
  action: AuditAction;
  /** Who acted (null: the system, or a login with an unknown address). */
  userId?: string | null;
  /** What kind of record `subject` is: 'user', 'case', 'payment', 'email'... */
  subjectType?: string | null;
  /** The record's id (or, for 'email', the address). */
  subject?: string | null;
  /** The account whose data the event is about; defaults to the actor for what users do to their own account. */
  subjectUserId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Pass the caller's transaction so the entry commits or rolls back with the change it records. */
export async function record(db: DbOrTx, input: AuditInput): Promise<void> {
  await repository.insert(db, {
    action: input.action,
    userId: input.userId ?? null,
    subjectType: input.subjectType ?? null,
    subject: input.subject ?? null,
    subjectUserId: input.subjectUserId === undefined ? (input.userId ?? null) : input.subjectUserId,
    ip: input.ip ?? null,
    details: input.details ?? {},
  });
}

/** Whether the user registered or signed in from this device label before. */
export async function hasSignedInFrom(db: DbOrTx, userId: string, device: string): Promise<boolean> {
  return repository.existsForDevice(db, userId, ['auth.registered', 'auth.login_succeeded'], device);
}
