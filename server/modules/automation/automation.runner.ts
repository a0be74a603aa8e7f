import { z } from 'zod';
import type {
  AutomationAction,
  AutomationActionOutcome,
  AutomationEvent,
  AutomationRun,
} from '../../../contract/automation.js';
import { AUTOMATION_EVENTS } from '../../../contract/automation.js';
import type { NotificationType } from '../../../contract/notifications.js';
import { TLP_DIRECTOR_ONLY, type TlpLevel } from '../../../contract/threats.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { AppContext } from '../../infra/context.js';
import { defineJob } from '../../infra/job.js';
import type { EventName } from '../../infra/events.js';
import { OutboundError, safeFetch } from '../../infra/outbound.js';
import { AppError } from '../../lib/errors.js';
import * as auth from '../auth/auth.service.js';
import * as cases from '../cases/cases.service.js';
import * as integrations from '../integrations/integrations.service.js';
import * as notifications from '../notifications/notifications.service.js';
import { hiddenTlpFor } from '../threats/threats.service.js';
import * as repository from './automation.repository.js';
import type { RuleRow, RunRow } from './automation.repository.js';
import { matches, render, type EventData } from './automation.engine.js';
import { signatureHeaders } from './automation.signing.js';

/*
 * The runner: events matched against the active rules become `automation.run` jobs, and a run carries out a rule's
 * actions and records what each did. Rules themselves (their checks and CRUD) are in automation.service.ts.
 */

/**
 * The job that runs one rule matched by an event (see `subscribe`). Only a crash before the run is recorded
 * retries; a failed action is an outcome, not a retry.
 */
export const automationRunJob = defineJob({
  name: 'automation.run',
  payload: z.object({
    ruleId: z.string(),
    event: z.enum(AUTOMATION_EVENTS),
    data: z.record(z.string(), z.unknown()),
  }),
  retry: { retryLimit: 3, retryDelay: 5, retryBackoff: true },
  async handle(ctx, data, { logger, retryCount }) {
    try {
      await runQueued(ctx, data);
    } catch (error) {
      logger.error({ err: error, ruleId: data.ruleId, retryCount }, 'automation run failed');
      throw error;
    }
  },
});
type RunJob = z.output<typeof automationRunJob.payload>;

export const toRun = (row: RunRow): AutomationRun => ({
  id: row.id,
  ruleId: row.ruleId,
  event: row.event,
  eventData: row.eventData,
  status: row.status,
  outcomes: row.outcomes,
  createdAt: row.createdAt.toISOString(),
});

/** The jsonb column is ours, but a row written by hand may hold anything; a rule without a list has no conditions. */
export const conditionsOf = (row: RuleRow) =>
  Array.isArray(row.trigger.conditions) ? row.trigger.conditions : [];

/**
 * Listens to every rule event. The owner's active rules for the event (every permitted reader's, for a threat)
 * are tested against the event here; each match becomes an `automation.run` job, so the request that raised the
 * event only pays for one indexed lookup, and a slow webhook or a failing action never reaches it.
 */
export function subscribe(ctx: AppContext): void {
  // `satisfies`: every rule event is an event of the bus, so a rename there breaks the build here.
  for (const event of AUTOMATION_EVENTS satisfies readonly EventName[]) {
    ctx.events.on(event, (payload) => dispatch(ctx, event, payload as unknown as EventData));
  }
}

async function dispatch(ctx: AppContext, event: AutomationEvent, payload: EventData): Promise<void> {
  // An update a rule wrote sets nothing else off: two rules could otherwise feed each other for ever.
  if (payload.origin === 'automation') return;
  const { origin: _origin, createdBy: _createdBy, ...data } = payload;
  let rules: RuleRow[];
  if (event === 'threat.created') {
    const directorOnly = TLP_DIRECTOR_ONLY.includes(data.tlp as TlpLevel);
    rules = await repository.activeRulesForEveryone(ctx.db, event, directorOnly ? DIRECTOR_TIER : 0);
  } else if (event === 'observable.matched' && typeof data.userId === 'string') {
    // The case's client hears of a match they may know of (design 12.5); Directors' rules see every match.
    const ownerMay = await ownerMaySeeMatch(ctx, data);
    const owners = ownerMay ? await repository.activeRulesForUser(ctx.db, data.userId, event) : [];
    const staff = await repository.activeRulesForEveryone(ctx.db, event, DIRECTOR_TIER);
    rules = [...owners, ...staff.filter((rule) => !owners.some((own) => own.id === rule.id))];
  } else if (event === 'case.sla_breached' && typeof data.userId === 'string') {
    // A breach concerns the client whose case it is and the Directors who answer for it: both may have rules.
    const owners = await repository.activeRulesForUser(ctx.db, data.userId, event);
    const staff = await repository.activeRulesForEveryone(ctx.db, event, DIRECTOR_TIER);
    rules = [...owners, ...staff.filter((rule) => !owners.some((own) => own.id === rule.id))];
  } else if (typeof data.userId === 'string') {
    rules = await repository.activeRulesForUser(ctx.db, data.userId, event);
  } else {
    return;
  }
  for (const rule of rules) {
    if (!matches(conditionsOf(rule), data)) continue;
    await ctx.queue.send(automationRunJob, { ruleId: rule.id, event, data });
  }
}

/**
 * Whether a match may reach the case's client: not from an internal, `amber+strict` or `red` observable, and of an
 * intelligence record under a marking the client's tier may read.
 */
async function ownerMaySeeMatch(ctx: AppContext, data: EventData): Promise<boolean> {
  if (data.isInternal !== false || data.tlp === 'amber+strict' || data.tlp === 'red') return false;
  const owner = typeof data.userId === 'string' ? await auth.findUser(ctx.db, data.userId) : null;
  return Boolean(owner && !hiddenTlpFor(owner.tier).includes(data.threatTlp as TlpLevel));
}

/** The `automation.run` job: the rule is checked again (it may have been switched off, changed or deleted). */
export async function runQueued(ctx: AppContext, job: RunJob): Promise<AutomationRun | null> {
  const rule = await repository.findRuleWithOwnerTier(ctx.db, job.ruleId);
  if (!rule || !rule.isActive || rule.trigger.event !== job.event) return null;
  if (!matches(conditionsOf(rule), job.data)) return null;
  if (job.event === 'threat.created' && hiddenTlpFor(rule.ownerTier).includes(job.data.tlp as TlpLevel)) {
    return null;
  }
  if (job.event === 'observable.matched' && rule.ownerTier < DIRECTOR_TIER) {
    if (rule.userId !== job.data.userId || !(await ownerMaySeeMatch(ctx, job.data))) return null;
  }
  // Someone else's breach is for Directors' rules only (the owner may have lost the tier since).
  if (
    job.event === 'case.sla_breached' &&
    rule.userId !== job.data.userId &&
    rule.ownerTier < DIRECTOR_TIER
  ) {
    return null;
  }
  const run = await runRule(ctx, rule, job.event, job.data);
  return run ? toRun(run) : null;
}

/** Runs each action in turn (one failing does not stop the rest) and records the run with the counters. */
export async function runRule(
  ctx: AppContext,
  rule: RuleRow,
  recordedEvent: string,
  data: EventData,
): Promise<RunRow | null> {
  const outcomes: AutomationActionOutcome[] = [];
  for (const action of rule.actions) outcomes.push(await runAction(ctx, rule, action, data));
  try {
    return await ctx.db.transaction((tx) =>
      repository.recordRun(tx, {
        ruleId: rule.id,
        event: recordedEvent,
        eventData: data,
        status: outcomes.every((outcome) => outcome.ok) ? 'succeeded' : 'failed',
        outcomes,
      }),
    );
  } catch (error) {
    // The rule was deleted while its actions ran: there is nothing left to record against.
    if ((error as { code?: string }).code === '23503') return null;
    throw error;
  }
}

const NOTIFICATION_TYPES: Partial<Record<AutomationEvent, NotificationType>> = {
  'case.created': 'case_update',
  'case.updated': 'case_update',
  'case.sla_breached': 'case_update',
  'observable.matched': 'case_update',
  'payment.completed': 'payment_received',
  'tier.changed': 'tier_upgrade',
  'security.alert': 'security_alert',
};

async function runAction(
  ctx: AppContext,
  rule: RuleRow,
  action: AutomationAction,
  data: EventData,
): Promise<AutomationActionOutcome> {
  const event = rule.trigger.event;
  const ok = (detail: string): AutomationActionOutcome => ({ type: action.type, ok: true, detail });
  const failed = (detail: string): AutomationActionOutcome => ({ type: action.type, ok: false, detail });
  try {
    switch (action.type) {
      case 'notify': {
        const type = NOTIFICATION_TYPES[event] ?? 'other';
        const fields = {
          userId: rule.userId,
          priority: 'normal' as const,
          title: rule.name,
          message: render(action.config.message, data).slice(0, 1_000),
          actionUrl: '/ai',
        };
        // A rule's message may quote a case: its mail is the discreet one about several records (design 12.6).
        await notifications.notify(
          ctx,
          ctx.db,
          type === 'case_update' ? { ...fields, type, about: null } : { ...fields, type },
        );
        return ok('Notification sent');
      }
      case 'send_integration': {
        const { deliveryId } = await integrations.queueDelivery(ctx, {
          userId: rule.userId,
          integrationId: action.config.integrationId,
          event,
          message: render(action.config.message, data),
          data: { rule: rule.name, event, ...data },
        });
        return ok(`Delivery ${deliveryId} queued`);
      }
      case 'add_case_update': {
        const caseId = action.config.caseId ?? (typeof data.caseId === 'string' ? data.caseId : undefined);
        if (!caseId) return failed('The event names no case and the action sets none');
        const { caseNumber } = await cases.addAutomationNote(ctx, {
          userId: rule.userId,
          caseId,
          title: `Automation: ${rule.name}`,
          content: render(action.config.message, data),
        });
        return ok(`Update added to ${caseNumber}`);
      }
      case 'webhook': {
        // Signed with the owner's key like a webhook integration's deliveries (design 11.5); never sent unsigned.
        const body = JSON.stringify({
          rule: { id: rule.id, name: rule.name },
          event,
          data,
          sentAt: new Date().toISOString(),
        });
        const signature = await signatureHeaders(ctx, rule.userId, body);
        if (!signature) {
          return failed(
            'Not sent: create a signing secret on the Automation page so the receiver can verify it',
          );
        }
        const response = await safeFetch(
          action.config.url,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'user-agent': 'IntelPortal-Automation/1',
              ...signature,
            },
            body,
          },
          { allowPrivate: ctx.config.ALLOW_PRIVATE_WEBHOOK_TARGETS, timeoutMs: 10_000, maxBodyBytes: 4_096 },
        );
        const detail = `HTTP ${response.status}`;
        return response.status >= 200 && response.status < 300 ? ok(detail) : failed(detail);
      }
    }
  } catch (error) {
    if (error instanceof AppError || error instanceof OutboundError) return failed(error.message);
    // Anything else stays out of the record: its message may carry internals.
    return failed('The action could not be carried out');
  }
}
