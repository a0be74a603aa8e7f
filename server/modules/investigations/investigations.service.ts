import {
  INVESTIGATION_PRIORITY_SURCHARGE,
  INVESTIGATION_STATUS_TRANSITIONS,
  type Investigation,
  type InvestigationAgent,
  type InvestigationCatalogEntry,
  type InvestigationPriority,
  type InvestigationRequestValues,
  type InvestigationStatus,
  type InvestigationUpdate,
} from '../../../contract/investigations.js';
import { investigationNumber } from '../../../contract/reports.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { SlaListOptions } from '../../../contract/service-levels.js';
import { startingClocks } from '../../db/service-levels.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { conflict, forbidden, notFound, tierRequired, validationFailed } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { fromMinor, toMinor } from '../../lib/money.js';
import type { UserRow } from '../../db/schema/users.js';
import * as audit from '../audit/audit.service.js';
import { notify } from '../notifications/notifications.service.js';
import {
  organizationToShareWith,
  recordAccess,
  sharedWith,
  visibilityOf,
  type Viewer,
} from '../organization/record-access.js';
import * as repository from './investigations.repository.js';
import * as sla from './sla.js';

/** The seven services, in the catalogue's order (public). */
export async function listCatalog(ctx: AppContext): Promise<InvestigationCatalogEntry[]> {
  return repository.listCatalog(ctx.db);
}

/**
 * The estimate a request is filed with, in rupees:
 *
 *     estimatedCost = basePrice × (1 + INVESTIGATION_PRIORITY_SURCHARGE[priority])
 *
 * basePrice is the catalogue's low end (or day rate); LOW and STANDARD add nothing, HIGH adds 50% and URGENT
 * 100%. Worked in whole paise so no float ever touches money; half a paisa rounds up.
 */
export function estimateCost(basePrice: string, priority: InvestigationPriority): string {
  const surchargePercent = Math.round(INVESTIGATION_PRIORITY_SURCHARGE[priority] * 100);
  return fromMinor(Math.round((toMinor(basePrice) * (100 + surchargePercent)) / 100));
}

function displayName(firstName: string | null, lastName: string | null, email: string): string {
  const name = [firstName, lastName].filter(Boolean).join(' ').trim();
  // An account without a name is shown by the part of its email before the @, not the whole address.
  return name || email.split('@')[0]!;
}

/** A colleague reading a shared request sees it without the requester's IP address. */
const toInvestigation = (row: repository.RequestRow, now: Date, viewer: Viewer): Investigation => ({
  id: row.id,
  subject: row.subject,
  description: row.description,
  serviceType: row.serviceType,
  serviceName: row.serviceName,
  priority: row.priority,
  status: row.status,
  clientType: row.clientType,
  budgetRange: row.budgetRange,
  sensitivityLevel: row.sensitivityLevel,
  confidentialityLevel: row.confidentialityLevel,
  courtOrder: row.courtOrder,
  expectedTimeframe: row.expectedTimeframe,
  estimatedCost: row.estimatedCost,
  assignedAgentId: row.assignedAgentId,
  assignedAgent:
    row.assignedAgentId && row.agentEmail
      ? displayName(row.agentFirstName, row.agentLastName, row.agentEmail)
      : null,
  requestedBy: displayName(row.requesterFirstName, row.requesterLastName, row.requesterEmail),
  declarations: {
    lawfulPurpose: row.lawfulPurposeDeclaration,
    noHarassment: row.noHarassmentDeclaration,
    compliance: row.complianceAgreement,
    declaredAt: row.createdAt.toISOString(),
    ip: row.userId === viewer.id || viewer.tier >= DIRECTOR_TIER ? row.declaredFromIp : null,
  },
  sla: sla.slaOf(row, now),
  visibility: visibilityOf(row),
  mine: row.userId === viewer.id,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Files a request for a service within the user's tier, priced on the server, PENDING until a Director acts. */
export async function createRequest(
  ctx: AppContext,
  user: UserRow & Viewer,
  input: InvestigationRequestValues,
  meta: RequestMeta,
): Promise<Investigation> {
  const service = await repository.findCatalogEntry(ctx.db, input.serviceType);
  if (!service) {
    throw validationFailed([{ path: 'serviceType', message: 'Service type is required' }]);
  }
  if (user.tier < service.minimumTier) throw tierRequired(service.minimumTier);
  const { visibility, ...fields } = input;
  const organizationId = organizationToShareWith(user, visibility);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repository.insertRequest(tx, {
      ...fields,
      organizationId,
      // The clocks start with the request, on the targets of the tier the client holds now (decision 019).
      ...startingClocks('investigation', user.tier),
      userId: user.id,
      status: 'PENDING',
      estimatedCost: estimateCost(service.basePrice, input.priority),
    });
    await audit.record(tx, {
      action: 'investigation.requested',
      userId: user.id,
      subjectType: 'investigation',
      subject: created.id,
      ip: meta.ip,
      details: {
        serviceType: input.serviceType,
        priority: input.priority,
        declarations: {
          lawfulPurpose: input.lawfulPurposeDeclaration,
          noHarassment: input.noHarassmentDeclaration,
          compliance: input.complianceAgreement,
        },
      },
    });
    return created;
  });
  await ctx.events.emit('investigation.created', {
    userId: user.id,
    investigationId: row.id,
    serviceType: row.serviceType,
    priority: row.priority,
    estimatedCost: row.estimatedCost,
  });
  return toInvestigation(row, ctx.now(), user);
}

/**
 * The user's own requests, or everyone's for a Director asking for `scope=all`. Newest first. The Directors' list
 * shows whole requests, so each other user's request in it is recorded as a staff read.
 */
export async function listRequests(
  ctx: AppContext,
  user: UserRow & Viewer,
  scope: 'mine' | 'all',
  limit: number,
  meta?: Pick<RequestMeta, 'ip' | 'session'>,
  slaOptions: SlaListOptions = { sort: 'newest' },
  visibility?: 'private' | 'organization',
): Promise<Investigation[]> {
  if (scope === 'all' && user.tier < DIRECTOR_TIER) {
    throw forbidden('Only Directors may list every investigation request');
  }
  const now = ctx.now();
  // Your own list holds your requests and those your organisation's members shared with it (design 12.3).
  const rows = await repository.listRequests(
    ctx.db,
    scope === 'all' ? null : user.id,
    limit,
    { options: slaOptions, now },
    { sharedWith: sharedWith(user), visibility },
  );
  // Only staff reads are recorded: a colleague reading a shared request reads it as a client.
  if (user.tier >= DIRECTOR_TIER) {
    const records = rows.map((row) => ({ id: row.id, ownerId: row.userId }));
    await audit.recordStaffReads(ctx, audit.readerOf(user, meta), 'investigation', records, 'list');
  }
  return rows.map((row) => toInvestigation(row, now, user));
}

/** The Directors a request may be assigned to (only Directors work investigations). */
export async function listAgents(ctx: AppContext, limit: number): Promise<InvestigationAgent[]> {
  const rows = await repository.listUsersAtTier(ctx.db, DIRECTOR_TIER, limit);
  return rows.map((row) => ({ id: row.id, name: displayName(row.firstName, row.lastName, row.email) }));
}

const STATUS_WORDS: Record<InvestigationStatus, string> = {
  PENDING: 'pending',
  IN_PROGRESS: 'in progress',
  COMPLETED: 'completed',
  CANCELLED: 'cancelled',
};

/**
 * A Director moves a request forward (PENDING -> IN_PROGRESS -> COMPLETED, or to CANCELLED before it is
 * completed) and/or assigns a Director to it. Sending the current status again is not a move and changes
 * nothing. The row is locked for the transaction, so two Directors cannot both move it from the same state; the
 * owner's notification and the audit entry commit with the change.
 */
export async function updateRequest(
  ctx: AppContext,
  director: UserRow & Viewer,
  id: string,
  update: InvestigationUpdate,
  meta: RequestMeta,
): Promise<Investigation> {
  if (!isId(id)) throw notFound('Investigation request');
  // The requester shares their request or stops sharing it; moving and assigning stay the Directors' (checked
  // first, so a refused call changes nothing).
  const moves = update.status !== undefined || update.assignedAgentId !== undefined;
  if (moves && director.tier < DIRECTOR_TIER) throw tierRequired(DIRECTOR_TIER);
  if (update.visibility !== undefined) await setVisibility(ctx, director, id, update.visibility, meta);
  if (!moves) {
    const row = await repository.findRequest(ctx.db, id);
    if (!row) throw notFound('Investigation request');
    return toInvestigation(row, ctx.now(), director);
  }
  const { assignedAgentId } = update;
  if (assignedAgentId) {
    const agentTier = isId(assignedAgentId) ? await repository.findUserTier(ctx.db, assignedAgentId) : null;
    if (agentTier === null || agentTier < DIRECTOR_TIER) {
      throw validationFailed([{ path: 'assignedAgentId', message: 'Assigned agent must be a Director' }]);
    }
  }

  const row = await ctx.db.transaction(async (tx) => {
    const before = await repository.lockRequest(tx, id);
    if (!before) throw notFound('Investigation request');

    const changes: { status?: InvestigationStatus; assignedAgentId?: string | null } = {};
    if (update.status !== undefined && update.status !== before.status) {
      if (!INVESTIGATION_STATUS_TRANSITIONS[before.status].includes(update.status)) {
        throw conflict(`A request cannot move from ${before.status} to ${update.status}`);
      }
      changes.status = update.status;
    }
    if (assignedAgentId !== undefined && assignedAgentId !== before.assignedAgentId) {
      changes.assignedAgentId = assignedAgentId;
    }

    if (changes.status !== undefined || changes.assignedAgentId !== undefined) {
      await repository.updateRequest(tx, id, changes);
      // Service levels: this change is told to the requester, so it answers the request; completing or
      // cancelling ends the work.
      const at = ctx.now();
      await sla.stopClocks.firstResponse(tx, id, at);
      if (changes.status === 'COMPLETED' || changes.status === 'CANCELLED') {
        await sla.stopClocks.resolved(tx, id, at);
      }
      const after = (await repository.findRequest(tx, id))!;
      const news: string[] = [];
      if (changes.status) news.push(`is now ${STATUS_WORDS[changes.status]}`);
      if (changes.assignedAgentId !== undefined) {
        news.push(
          after.assignedAgentId
            ? `was assigned to ${toInvestigation(after, at, director).assignedAgent}`
            : 'was unassigned',
        );
      }
      await notify(ctx, tx, {
        userId: before.userId,
        type: 'case_update',
        priority: changes.status === 'CANCELLED' ? 'high' : 'normal',
        title: 'Investigation update',
        message: `Your investigation request "${before.subject}" ${news.join(' and ')}.`,
        actionUrl: '/investigations',
        about: {
          type: 'investigation',
          id,
          number: investigationNumber(id),
          change: [
            ...(changes.status ? ['a status change'] : []),
            ...(changes.assignedAgentId !== undefined ? ['an agent assigned'] : []),
          ].join(' and '),
        },
      });
      await audit.record(tx, {
        action: 'investigation.updated',
        userId: director.id,
        subjectType: 'investigation',
        subject: id,
        subjectUserId: before.userId,
        ip: meta.ip,
        details: {
          ownerId: before.userId,
          ...(changes.status ? { fromStatus: before.status, toStatus: changes.status } : {}),
          ...(changes.assignedAgentId !== undefined
            ? { fromAgentId: before.assignedAgentId, toAgentId: changes.assignedAgentId }
            : {}),
        },
      });
      return after;
    }
    return (await repository.findRequest(tx, id))!;
  });
  return toInvestigation(row, ctx.now(), director);
}

/**
 * The requester shares the request with their organisation or makes it private again; anyone else who can read
 * it gets 403, anyone else 404. Audited with the organisation shared with or left.
 */
async function setVisibility(
  ctx: AppContext,
  user: UserRow & Viewer,
  id: string,
  visibility: 'private' | 'organization',
  meta: RequestMeta,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await repository.lockRequest(tx, id);
    const access = row && recordAccess(user, row);
    if (!row || !access) throw notFound('Investigation request');
    if (access !== 'owner') throw forbidden('Only the client who filed the request can change who sees it');
    const organizationId = organizationToShareWith(user, visibility);
    if (organizationId === row.organizationId) return;
    await repository.updateRequest(tx, id, { organizationId });
    await audit.record(tx, {
      action: 'organization.visibility_changed',
      userId: user.id,
      subjectType: 'investigation',
      subject: id,
      ip: meta.ip,
      details: { visibility, organizationId: organizationId ?? row.organizationId },
    });
  });
}
