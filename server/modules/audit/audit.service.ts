import type { SQL } from 'drizzle-orm';
import {
  AUDIT_SYSTEM_LABEL,
  auditActionLabel,
  auditSubjectTypeLabel,
  encodeAuditCursor,
  isEmailRef,
  STAFF_READ_ACTION,
  type AuditAction,
  type AuditEvent,
  type AuditFilters,
} from '../../../contract/audit.js';
import { investigationNumber } from '../../../contract/reports.js';
import { tierName } from '../../../contract/tiers.js';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { addressPattern } from '../../lib/address-pattern.js';
import * as repository from './audit.repository.js';
import './audit.state.js';

export type { AuditAction };

export interface AuditInput {
  /** One of the contract's labelled actions: nothing is recorded that the trail cannot name. */
  action: AuditAction;
  /** Who acted (null: the system, or a login with an unknown address). */
  userId?: string | null;
  /** What kind of record `subject` is: 'user', 'case', 'payment', 'email'... */
  subjectType?: string | null;
  /** The record's id (or, for 'email', the address). */
  subject?: string | null;
  /** The account whose data the event is about; defaults to the actor for what users do to their own account. */
  subjectUserId?: string | null;
  /** The address of the request that caused it; null for what no request caused (jobs, operator commands). */
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

/** Who reads: the signed-in staff member, the address the request came from and the session it came with. */
export interface Reader {
  id: string;
  ip?: string | null;
  session?: string | null;
}

/** The reader of a request: its signed-in user, with the request's address and session. */
export function readerOf(user: { id: string }, meta?: Pick<RequestMeta, 'ip' | 'session'>): Reader {
  return { id: user.id, ip: meta?.ip ?? null, session: meta?.session ?? null };
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
 *
 * One read per record, reader and session within `STAFF_READ_WINDOW_MS`: the reads this app recorded in that time
 * are remembered in the module's state (`ctx.modules.audit.staffReads`), and list and detail calls that see the
 * record again are not recorded again. Each instance remembers its own, so behind a load balancer a session whose
 * requests land on N instances records a read at most N times per window (no shared guard: a database check on
 * every read would cost each Director's list a query for what is only a repeat).
 */
export async function recordStaffReads(
  ctx: AppContext,
  reader: Reader,
  subjectType: string,
  records: readonly ReadRecord[],
  via: 'detail' | 'list',
): Promise<void> {
  const remembered = ctx.modules.audit.staffReads;
  const fresh = records.filter((record) => {
    if (record.ownerId === reader.id) return false;
    const key = `${reader.id}|${reader.session ?? ''}|${subjectType}|${record.id}`;
    if (remembered.get(key)) return false;
    // Remembered before the insert: a second call racing this one does not record the same read again.
    remembered.set(key, true);
    return true;
  });
  await repository.insertMany(
    ctx.db,
    fresh.map((record) => ({
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

/** A filter's user: an account id, or an e-mail address. */
function userRef(value: string | undefined): repository.UserRef | undefined {
  if (!value) return undefined;
  return isEmailRef(value) ? { email: value } : { id: value };
}

type EventRow = Awaited<ReturnType<typeof repository.listEvents>>[number];

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * What an event is about, as people see it. Cases, accounts, payments, upgrades, vendors, products and inquiries
 * are named from their rows (joined in the list query); an investigation by its reference, which its id makes;
 * files and reports by the record number and name their event keeps; a sign-in's address is itself. A record whose
 * row is gone falls back to what the event kept, else its kind and the start of its id.
 */
function subjectLabel(row: EventRow): string | null {
  const { subjectType, subject, subjectName, details } = row;
  if (!subjectType || !subject) return null;
  const number = text(details.number) ?? text(details.caseNumber);
  switch (subjectType) {
    case 'email':
      return subject;
    case 'investigation':
      return investigationNumber(subject);
    case 'case':
      if (subjectName ?? number) return subjectName ?? number;
      break;
    case 'payment':
      if (subjectName) return `Payment of ${subjectName}`;
      break;
    case 'subscription':
      if (subjectName) return `Upgrade to ${tierName(Number(subjectName))}`;
      break;
    case 'evidence_file': {
      const name = text(details.name);
      if (name && number) return `${name} on ${number}`;
      break;
    }
    case 'report':
      if (number) return `${details.version === 'staff' ? 'Staff report' : 'Report'} of ${number}`;
      break;
    default:
      if (subjectName) return subjectName;
  }
  return `${auditSubjectTypeLabel(subjectType)} ${subject.slice(0, 8)}`;
}

/**
 * One event as the trail shows it (design 11.2 and its labels): the one presentation of an event, for every list
 * of events (the Directors' trail, an organisation's).
 */
export function presentEvent(row: EventRow): AuditEvent {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    action: row.action,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    subjectType: row.subjectType,
    subjectId: row.subject,
    subjectUserId: row.subjectUserId,
    subjectUserEmail: row.subjectUserEmail,
    ip: row.ip,
    detail: row.details,
    actionLabel: auditActionLabel(row.action),
    // No actor: someone not signed in (a sign-in with an unknown address, which is then the subject), or the system
    // (a job, the payment provider, an operator's command).
    actorLabel: row.actorEmail ?? (row.action.startsWith('auth.') ? 'Not signed in' : AUDIT_SYSTEM_LABEL),
    subjectLabel: subjectLabel(row),
  };
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
  return eventPage(
    ctx,
    {
      actor: userRef(filters.actorId),
      subjectUser: userRef(filters.subjectUserId),
      action,
      from: filters.from,
      to: filters.to,
      before: filters.before,
    },
    filters.limit,
  );
}

/**
 * One page of the events `about` selects (an organisation's: `GET /api/organization/audit`), newest first, shown as
 * the Directors' trail shows them.
 */
export function listEventsAbout(
  ctx: AppContext,
  about: SQL,
  page: Pick<AuditFilters, 'before' | 'limit'>,
): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
  return eventPage(ctx, { about, before: page.before }, page.limit);
}

async function eventPage(
  ctx: AppContext,
  filter: repository.EventFilter,
  limit: number,
): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
  // One more than asked: whether it comes back says whether there is a next page.
  const rows = await repository.listEvents(ctx.db, filter, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page.map(presentEvent),
    nextCursor: rows.length > limit && last ? encodeAuditCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

/**
 * An erased account's address goes from the audit trail wherever it appears - the subject of failed sign-ins
 * (`subjectType` 'email'), the addresses of address changes in details - and `replacement` stands in its place
 * (design 11.2: the events stay, the address does not). In the caller's transaction; returns the events changed.
 */
export async function replaceAddress(db: DbOrTx, address: string, replacement: string): Promise<number> {
  return repository.replaceInEvents(db, addressPattern(address), replacement);
}
