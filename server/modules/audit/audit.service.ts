import {
  encodeAuditCursor,
  STAFF_READ_ACTION,
  type AuditEvent,
  type AuditFilters,
} from '../../../contract/audit.js';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext } from '../../infra/context.js';
import { addressPattern } from '../../lib/address-pattern.js';
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
  | 'inquiry.submitted'
  | 'investigation.requested'
  | 'investigation.updated'
  | 'secure_channel.reviewed'
  | 'vendor.application_reviewed'
  | 'case.status_changed'
  | 'case.assigned'
  | 'staff.read'
  | 'vendor.product_reviewed'
  | 'privacy.export_requested'
  | 'privacy.export_downloaded'
  | 'file.uploaded'
  | 'file.downloaded'
  | 'file.deleted'
  | 'report.requested'
  | 'report.downloaded';

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

/** Who reads: the signed-in staff member and the address the request came from. */
export interface Reader {
  id: string;
  ip?: string | null;
}

/** A record someone may read: its id and its owner (null: nobody's account, e.g. an anonymous request). */
export interface ReadRecord {
  id: string;
  ownerId: string | null;
}

/**
 * A staff member saw other users' records (design 11.2: `staff.read`): one event per record that is not the
 * reader's own, with the owner as subject user. `via` says whether one record was opened or a list showed it; the
 * Directors' lists show whole records, so they count as reads of each record they show. A user reading their own
 * records leaves no trace.
 */
export async function recordStaffReads(
  db: DbOrTx,
  reader: Reader,
  subjectType: string,
  records: readonly ReadRecord[],
  via: 'detail' | 'list',
): Promise<void> {
  await repository.insertMany(
    db,
    records
      .filter((record) => record.ownerId !== reader.id)
      .map((record) => ({
        action: STAFF_READ_ACTION satisfies AuditAction,
        userId: reader.id,
        subjectType,
        subject: record.id,
        subjectUserId: record.ownerId,
        ip: reader.ip ?? null,
        details: { via },
      })),
  );
}

/**
 * `GET /api/admin/audit`: one page of events, newest first, and the cursor of the next page when there is one.
 * Read only: no endpoint changes or deletes an audit event.
 */
export async function listEvents(
  ctx: AppContext,
  filters: AuditFilters,
): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
  const action = filters.action?.endsWith('.*')
    ? { name: filters.action.slice(0, -1), prefix: true }
    : filters.action
      ? { name: filters.action, prefix: false }
      : undefined;
  // One more than asked: whether it comes back says whether there is a next page.
  const rows = await repository.listEvents(
    ctx.db,
    {
      actorId: filters.actorId,
      subjectUserId: filters.subjectUserId,
      action,
      from: filters.from,
      to: filters.to,
      before: filters.before,
    },
    filters.limit + 1,
  );
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  return {
    events: page.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      action: row.action,
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      subjectType: row.subjectType,
      subjectId: row.subject,
      subjectUserId: row.subjectUserId,
      ip: row.ip,
      detail: row.details,
    })),
    nextCursor:
      rows.length > filters.limit && last ? encodeAuditCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

/** The account deletion's events (design 11.2). */
export type AccountDeletionAction =
  'account.deletion_requested' | 'account.deletion_cancelled' | 'account.deleted';

/** Records an account deletion's event like `record` does, in the caller's transaction. */
export async function recordAccountDeletion(
  db: DbOrTx,
  input: Omit<AuditInput, 'action'> & { action: AccountDeletionAction },
): Promise<void> {
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

/**
 * An erased account's address goes from the audit trail wherever it appears - the subject of failed sign-ins
 * (`subjectType` 'email'), the addresses of address changes in details - and `replacement` stands in its place
 * (design 11.2: the events stay, the address does not). In the caller's transaction; returns the events changed.
 */
export async function replaceAddress(db: DbOrTx, address: string, replacement: string): Promise<number> {
  return repository.replaceInEvents(db, addressPattern(address), replacement);
}
