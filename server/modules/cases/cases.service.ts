import type {
  Case,
  CaseDetail,
  patchCaseRequestSchema,
  CaseStatus,
  CaseUpdateType,
  CreateCaseUpdateRequest,
  createCaseRequestSchema,
  createCaseUpdateRequestSchema,
} from '../../../contract/cases.js';
import { CASE_COST_CURRENCY, CASE_STATUS_MOVES } from '../../../contract/cases.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { SlaListOptions } from '../../../contract/service-levels.js';
import { startingClocks } from '../../db/service-levels.js';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { AppError, conflict, forbidden, notFound, tierRequired, validationFailed } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import type { UserRow } from '../../db/schema/users.js';
import * as attack from '../attack/attack.service.js';
import * as audit from '../audit/audit.service.js';
import * as auth from '../auth/auth.service.js';
import * as notifications from '../notifications/notifications.service.js';
import {
  mayContribute,
  organizationToShareWith,
  recordAccess,
  sharedWith,
  visibilityOf,
  type RecordAccess,
  type Viewer,
} from '../organization/record-access.js';
import * as payments from '../payments/payments.service.js';
import * as repository from './cases.repository.js';
import type { CaseFilter, CaseRow, CaseWithNames } from './cases.repository.js';
import * as templates from './case-templates.service.js';
import { publishCaseUpdated } from './case-events.js';
import * as sla from './sla.js';

type NewCaseInput = z.output<typeof createCaseRequestSchema>;
type UpdateInput = z.output<typeof createCaseUpdateRequestSchema> & CreateCaseUpdateRequest;

const isDirector = (user: Pick<UserRow, 'tier'>) => user.tier >= DIRECTOR_TIER;

function toCase(
  { case: row, assignedAgent, ownerEmail, mergedIntoNumber, tasksDone, tasksTotal }: CaseWithNames,
  viewer: Viewer,
  now: Date,
): Case {
  const mine = row.userId === viewer.id;
  return {
    id: row.id,
    caseNumber: row.caseNumber,
    title: row.title,
    description: row.description,
    category: row.category,
    priority: row.priority,
    status: row.status,
    deadline: row.deadline?.toISOString() ?? null,
    clientRequirements: row.clientRequirements,
    assignedAgentId: row.assignedAgentId,
    assignedAgent,
    estimatedCost: row.estimatedCost,
    // Directors see whose case it is, and so do colleagues reading a shared one.
    ...(isDirector(viewer) || !mine ? { ownerEmail } : {}),
    visibility: visibilityOf(row),
    mine,
    sla: sla.slaOf(row, now),
    tasks: { done: tasksDone, total: tasksTotal },
    attackTechniques: row.attackTechniques,
    mergedInto:
      row.mergedIntoId && mergedIntoNumber ? { id: row.mergedIntoId, caseNumber: mergedIntoNumber } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Opens a case; the templates applied automatically to its category add their tasks in the same transaction. */
export async function createCase(
  ctx: AppContext,
  user: UserRow & Viewer,
  input: NewCaseInput,
): Promise<Case> {
  const organizationId = organizationToShareWith(user, input.visibility);
  const created = await ctx.db.transaction(async (tx) => {
    const row = await repository.insertCase(tx, {
      organizationId,
      // The clocks start with the case, on the targets of the tier the client holds now (decision 019).
      ...startingClocks('case', user.tier),
      userId: user.id,
      title: input.title,
      description: input.description,
      category: input.category,
      priority: input.priority,
      deadline: input.deadline ? new Date(input.deadline) : null,
      clientRequirements: input.clientRequirements ?? null,
    });
    await templates.applyAutomatic(ctx, tx, row);
    await publishCaseUpdated(tx, row, { visible: true });
    return row;
  });
  await ctx.events.emit('case.created', {
    userId: user.id,
    caseId: created.id,
    caseNumber: created.caseNumber,
    title: created.title,
    category: created.category,
    priority: created.priority,
  });
  return toCase((await repository.findCase(ctx.db, created.id))!, user, ctx.now());
}

export type CaseView = 'own' | 'queue' | 'assigned' | 'all';

const VIEW_FILTERS: Record<
  CaseView,
  (user: UserRow & Viewer, visibility?: 'private' | 'organization') => CaseFilter
> = {
  // Your own list holds your cases and those your organisation's members shared with it (design 12.3).
  own: (user, visibility) => ({ ownerId: user.id, sharedWith: sharedWith(user), visibility }),
  queue: () => ({ queue: true }),
  assigned: (user) => ({ agentId: user.id }),
  all: () => ({}),
};

/**
 * My cases; for Directors `queue`: open and unassigned, `assigned`: cases assigned to me, `all`: everyone's. `text`
 * narrows any of them to a case number (a merged case's number gives the case it went into) or words of the title.
 * Merged cases are in no list. A Director's list shows whole cases, so each other user's case in it is recorded as
 * a staff read.
 */
export async function listCases(
  ctx: AppContext,
  user: UserRow & Viewer,
  view: CaseView,
  limit: number,
  meta?: Pick<RequestMeta, 'ip' | 'session'>,
  slaOptions: SlaListOptions = { sort: 'newest' },
  text?: string,
  visibility?: 'private' | 'organization',
): Promise<Case[]> {
  if (view !== 'own' && !isDirector(user)) throw tierRequired(DIRECTOR_TIER);
  const filter = { ...VIEW_FILTERS[view](user, visibility), ...(text ? { text } : {}) };
  const now = ctx.now();
  const rows = await repository.listCases(ctx.db, filter, limit, { options: slaOptions, now });
  // Only staff reads are recorded: a colleague reading a shared case reads it as a client.
  if (isDirector(user)) {
    const records = rows.map((row) => ({ id: row.case.id, ownerId: row.case.userId }));
    await audit.recordStaffReads(ctx, audit.readerOf(user, meta), 'case', records, 'list');
  }
  return rows.map((row) => toCase(row, user, now));
}

/**
 * The owner sees their case without internal notes, and so do the members of the organisation it is shared with;
 * a Director sees any case with them; anyone else gets 404.
 */
async function visibleCase(
  ctx: AppContext,
  user: Viewer,
  id: string,
): Promise<CaseWithNames & { access: RecordAccess }> {
  const found = isId(id) ? await repository.findCase(ctx.db, id) : null;
  const access = found && recordAccess(user, found.case);
  if (!found || !access) throw notFound('Case');
  return { ...found, access };
}

/** One case with its updates; a Director reading another user's case is recorded as a staff read. */
export async function getCase(
  ctx: AppContext,
  user: UserRow & Viewer,
  id: string,
  meta?: Pick<RequestMeta, 'ip' | 'session'>,
): Promise<CaseDetail> {
  const found = await visibleCase(ctx, user, id);
  if (found.access === 'staff') {
    const record = { id: found.case.id, ownerId: found.case.userId };
    await audit.recordStaffReads(ctx, audit.readerOf(user, meta), 'case', [record], 'detail');
  }
  const updates = await repository.listUpdates(ctx.db, found.case.id, { includeInternal: isDirector(user) });
  return {
    ...toCase(found, user, ctx.now()),
    updates: updates.map((update) => ({ ...update, createdAt: update.createdAt.toISOString() })),
  };
}

const UPDATE_TITLES: Record<CaseUpdateType, string> = {
  comment: 'Comment',
  status_change: 'Status changed',
  assignment: 'Agent assigned',
  cost_estimate: 'Cost estimate',
  internal_note: 'Internal note',
};

/** What kind of change an update is, as the discreet case mail lists it (design 12.6). */
const UPDATE_CHANGES: Record<CaseUpdateType, string> = {
  comment: 'a new comment',
  status_change: 'a status change',
  assignment: 'an agent assigned',
  cost_estimate: 'a cost estimate',
  internal_note: 'an internal note',
};

const STATUS_WORDS: Record<CaseStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  pending_review: 'Pending review',
  completed: 'Completed',
  closed: 'Closed',
};

/**
 * `POST /api/cases/{caseId}/updates`. The owner may comment; a Director may also move the status along the allowed
 * moves, assign a Director as agent, set the estimated cost and add internal notes. The case changes and its update
 * are one transaction; each update the owner can see, and did not write, notifies them.
 */
export async function addUpdate(
  ctx: AppContext,
  user: UserRow & Viewer,
  caseId: string,
  input: UpdateInput,
  /** The request's, for the audit trail; a bulk job has none. */
  meta?: Pick<RequestMeta, 'ip' | 'session'>,
): Promise<CaseDetail> {
  const found = await visibleCase(ctx, user, caseId);
  if (found.case.mergedIntoId) throw mergedConflict(found);
  if (!mayContribute(found.access)) {
    throw forbidden('Only owners and admins of your organisation can add updates to a shared case');
  }
  const isInternal = input.updateType === 'internal_note' || input.isInternal === true;
  if ((input.updateType !== 'comment' || isInternal) && !isDirector(user)) {
    throw forbidden('Only a Director can change a case or add internal notes; you may add comments');
  }

  const updated = await ctx.db.transaction(async (tx) => {
    const current = await repository.lockCase(tx, found.case.id);
    if (!current) throw notFound('Case');
    let content = 'content' in input && input.content ? input.content : '';
    switch (input.updateType) {
      case 'status_change': {
        const text = await moveStatus(tx, user, current, input.status, meta?.ip ?? null);
        content ||= text;
        break;
      }
      case 'assignment': {
        const text = await assignAgent(tx, user, current, input.assignedAgentId, meta?.ip ?? null);
        content ||= text;
        break;
      }
      case 'cost_estimate':
        await repository.updateCase(tx, current.id, { estimatedCost: input.estimatedCost });
        content ||= `Estimated cost set to ${payments.formatAmount(CASE_COST_CURRENCY, input.estimatedCost)}.`;
        break;
      default:
        await repository.touchCase(tx, current.id);
    }
    await repository.insertUpdate(tx, {
      caseId: current.id,
      authorId: user.id,
      updateType: input.updateType,
      title: UPDATE_TITLES[input.updateType],
      content,
      isInternal,
    });
    // Service levels: a Director's first update the client can see answers the case; completing (or closing)
    // resolves it. An internal note, or the client's own comment, stops nothing.
    const at = ctx.now();
    if (!isInternal && isDirector(user) && current.userId !== user.id) {
      await sla.stopClocks.firstResponse(tx, current.id, at);
    }
    if (input.updateType === 'status_change' && (input.status === 'completed' || input.status === 'closed')) {
      await sla.stopClocks.resolved(tx, current.id, at);
    }
    if (!isInternal && current.userId !== user.id) {
      await notifications.notify(ctx, tx, {
        userId: current.userId,
        type: 'case_update',
        priority: input.updateType === 'status_change' ? 'high' : 'normal',
        title: `${current.caseNumber}: ${UPDATE_TITLES[input.updateType]}`,
        message: content.slice(0, 500),
        actionUrl: `/cases?case=${current.id}`,
        about: {
          type: 'case',
          id: current.id,
          number: current.caseNumber,
          change: UPDATE_CHANGES[input.updateType],
        },
      });
    }
    // An internal note is Directors' news only: the client's streams hear nothing of it.
    await publishCaseUpdated(tx, current, { visible: !isInternal });
    return isInternal ? null : await repository.lockCase(tx, current.id);
  });
  if (updated) await emitCaseUpdated(ctx, updated, input.updateType);
  return getCase(ctx, user, found.case.id, meta);
}

/**
 * A Director moves the case along one of the allowed moves (409 otherwise), audited with the owner as subject user.
 * Returns the update's default text.
 */
async function moveStatus(
  tx: Tx,
  director: UserRow,
  current: CaseRow,
  status: CaseStatus,
  ip: string | null,
): Promise<string> {
  if (!CASE_STATUS_MOVES[current.status].includes(status)) {
    throw new AppError(
      'CONFLICT',
      `A case that is ${STATUS_WORDS[current.status].toLowerCase()} cannot move to ${STATUS_WORDS[status].toLowerCase()}`,
    );
  }
  await repository.updateCase(tx, current.id, { status });
  await audit.record(tx, {
    action: 'case.status_changed',
    userId: director.id,
    subjectType: 'case',
    subject: current.id,
    subjectUserId: current.userId,
    ip,
    details: { caseNumber: current.caseNumber, from: current.status, to: status },
  });
  return `Status changed from ${STATUS_WORDS[current.status]} to ${STATUS_WORDS[status]}.`;
}

/**
 * A Director assigns a Director as the case's agent (400 for anyone else), audited with the owner as subject user.
 * Returns the update's default text.
 */
async function assignAgent(
  tx: Tx,
  director: UserRow,
  current: CaseRow,
  agentId: string,
  ip: string | null,
): Promise<string> {
  const agent = await auth.findUser(tx, agentId);
  if (!agent || !isDirector(agent)) {
    throw validationFailed([{ path: 'assignedAgentId', message: 'The agent must be a Director (tier 4)' }]);
  }
  await repository.updateCase(tx, current.id, { assignedAgentId: agent.id });
  await audit.record(tx, {
    action: 'case.assigned',
    userId: director.id,
    subjectType: 'case',
    subject: current.id,
    subjectUserId: current.userId,
    ip,
    details: { caseNumber: current.caseNumber, from: current.assignedAgentId, to: agent.id },
  });
  const name = [agent.firstName, agent.lastName].filter(Boolean).join(' ') || agent.email;
  return `${name} is now the agent on this case.`;
}

function mergedConflict(found: CaseWithNames): AppError {
  return conflict(`This case was merged into ${found.mergedIntoNumber ?? 'another case'}; continue there`);
}

/**
 * `PATCH /api/cases/{id}`: its owner shares it with their organisation or makes it private again (design 12.3);
 * Directors set its ATT&CK techniques (12.5). Every part is checked before anything is written, in one transaction.
 */
export async function patchCase(
  ctx: AppContext,
  user: UserRow & Viewer,
  id: string,
  input: z.output<typeof patchCaseRequestSchema>,
  meta: RequestMeta,
): Promise<CaseDetail> {
  const { visibility, attackTechniques } = input;
  if (attackTechniques !== undefined && !isDirector(user)) throw tierRequired(DIRECTOR_TIER);
  const found = await visibleCase(ctx, user, id);
  if (found.case.mergedIntoId) throw mergedConflict(found);
  if (visibility !== undefined && found.access !== 'owner') {
    throw forbidden('Only the client who opened the case can change who sees it');
  }
  if (attackTechniques !== undefined) attack.checkIds(attackTechniques);
  const organizationId =
    visibility === undefined ? found.case.organizationId : organizationToShareWith(user, visibility);
  await ctx.db.transaction(async (tx) => {
    if (attackTechniques !== undefined) await repository.updateCase(tx, found.case.id, { attackTechniques });
    // The organisation it was shared with hears of it too when it stops being shared.
    await publishCaseUpdated(
      tx,
      { ...found.case, organizationId: organizationId ?? found.case.organizationId },
      { visible: true },
    );
    if (visibility === undefined || organizationId === found.case.organizationId) return;
    await repository.setOrganization(tx, found.case.id, organizationId);
    await audit.record(tx, {
      action: 'organization.visibility_changed',
      userId: user.id,
      subjectType: 'case',
      subject: found.case.id,
      ip: meta.ip,
      details: {
        caseNumber: found.case.caseNumber,
        visibility,
        organizationId: organizationId ?? found.case.organizationId,
      },
    });
  });
  return getCase(ctx, user, found.case.id, meta);
}

/** Only updates the owner can see are announced (internal notes stay between Directors). */
export async function emitCaseUpdated(
  ctx: AppContext,
  row: CaseRow,
  updateType: CaseUpdateType,
  origin?: 'automation',
): Promise<void> {
  await ctx.events.emit('case.updated', {
    userId: row.userId,
    caseId: row.id,
    caseNumber: row.caseNumber,
    updateType,
    status: row.status,
    title: row.title,
    ...(origin ? { origin } : {}),
  });
}

/**
 * A comment an automation rule adds to its owner's own case (never anyone else's: NotFound). It has no author, so
 * the case shows it as the system's; its `case.updated` carries the automation origin so no rule reacts to it.
 */
export async function addAutomationNote(
  ctx: AppContext,
  input: { userId: string; caseId: string; title: string; content: string },
): Promise<{ caseId: string; caseNumber: string }> {
  const row = await ctx.db.transaction(async (tx) => {
    const current = isId(input.caseId) ? await repository.lockCase(tx, input.caseId) : null;
    if (!current || current.userId !== input.userId) throw notFound('Case');
    await repository.touchCase(tx, current.id);
    await repository.insertUpdate(tx, {
      caseId: current.id,
      authorId: null,
      updateType: 'comment',
      title: input.title.slice(0, 200),
      content: input.content.slice(0, 5_000),
      isInternal: false,
    });
    await publishCaseUpdated(tx, current, { visible: true });
    return current;
  });
  await emitCaseUpdated(ctx, row, 'comment', 'automation');
  return { caseId: row.id, caseNumber: row.caseNumber };
}

/** Whether this is one of the user's own cases (for other modules that point at a case, such as QR codes). */
export async function ownsCase(ctx: AppContext, userId: string, caseId: string): Promise<boolean> {
  const found = isId(caseId) ? await repository.findCase(ctx.db, caseId) : null;
  return found?.case.userId === userId;
}
