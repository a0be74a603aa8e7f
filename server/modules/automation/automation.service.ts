import type { z } from 'zod';
import {
  automationRuleIssues,
  type AutomationAction,
  type AutomationRule,
  type AutomationRun,
  type AutomationTrigger,
  type CreateAutomationRuleInput,
  type executeAutomationRuleRequestSchema,
  type updateAutomationRuleRequestSchema,
} from '../../../contract/automation.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext } from '../../infra/context.js';
import { OutboundError, resolveTarget } from '../../infra/outbound.js';
import { conflict, notFound, validationFailed, type Issue } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as cases from '../cases/cases.service.js';
import * as integrations from '../integrations/integrations.service.js';
import * as repository from './automation.repository.js';
import type { RuleRow } from './automation.repository.js';
import { sampleEvent } from './automation.engine.js';
import { conditionsOf, runRule, toRun } from './automation.runner.js';

/* Automation rules: checked, listed, created, changed, deleted, and run by hand. The runner is automation.runner.ts. */

type UpdateInput = z.output<typeof updateAutomationRuleRequestSchema>;
type ExecuteInput = z.output<typeof executeAutomationRuleRequestSchema>;

/** What a run from the Run button is recorded as (automation_runs.event). */
export const MANUAL_EVENT = 'manual';

function toRule(row: RuleRow): AutomationRule {
  return {
    id: row.id,
    name: row.name,
    trigger: { event: row.trigger.event, conditions: conditionsOf(row) },
    actions: row.actions,
    isActive: row.isActive,
    executionCount: row.executionCount,
    lastExecuted: row.lastExecuted?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function ownRule(ctx: AppContext, userId: string, id: string): Promise<RuleRow> {
  const found = isId(id) ? await repository.findRule(ctx.db, userId, id) : null;
  if (!found) throw notFound('Automation rule');
  return found;
}

/**
 * Checks what only the server knows: the integrations and cases a rule points at are the owner's, and a webhook's
 * address is not a private one (checked again on each call: what a name resolves to can change).
 */
async function checkRule(
  ctx: AppContext,
  user: UserRow,
  trigger: AutomationTrigger,
  actions: readonly AutomationAction[],
): Promise<void> {
  const issues: Issue[] = automationRuleIssues(trigger, actions).map(({ path, message }) => ({
    path: path.join('.'),
    message,
  }));
  const needsIntegrations = actions.some((action) => action.type === 'send_integration');
  const integrationIds = needsIntegrations
    ? new Set((await integrations.listIntegrations(ctx, user, 200)).map((integration) => integration.id))
    : new Set<string>();
  for (const [index, action] of actions.entries()) {
    const path = `actions.${index}.config`;
    if (action.type === 'send_integration' && !integrationIds.has(action.config.integrationId)) {
      issues.push({ path: `${path}.integrationId`, message: 'Choose one of your integrations' });
    }
    if (action.type === 'add_case_update' && action.config.caseId) {
      if (!(await cases.ownsCase(ctx, user.id, action.config.caseId))) {
        issues.push({ path: `${path}.caseId`, message: 'Choose one of your cases' });
      }
    }
    if (action.type === 'webhook' && !ctx.config.ALLOW_PRIVATE_WEBHOOK_TARGETS) {
      const timeout = new Promise<null>((resolve) => setTimeout(resolve, 3_000, null).unref());
      try {
        await Promise.race([resolveTarget(action.config.url), timeout]);
      } catch (error) {
        if (error instanceof OutboundError && error.reason !== 'UNRESOLVED') {
          issues.push({ path: `${path}.url`, message: error.message });
        }
      }
    }
  }
  if (issues.length > 0) throw validationFailed(issues);
}

export async function listRules(ctx: AppContext, user: UserRow, limit: number): Promise<AutomationRule[]> {
  return (await repository.listRules(ctx.db, user.id, limit)).map(toRule);
}

export async function createRule(
  ctx: AppContext,
  user: UserRow,
  input: CreateAutomationRuleInput,
): Promise<AutomationRule> {
  await checkRule(ctx, user, input.trigger, input.actions);
  const row = await repository.insertRule(ctx.db, {
    userId: user.id,
    name: input.name,
    trigger: input.trigger,
    actions: input.actions,
    isActive: input.isActive,
  });
  return toRule(row);
}

export async function updateRule(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: UpdateInput,
): Promise<AutomationRule> {
  const current = await ownRule(ctx, user.id, id);
  if (input.trigger || input.actions) {
    await checkRule(ctx, user, input.trigger ?? current.trigger, input.actions ?? current.actions);
  }
  const row = await repository.updateRule(ctx.db, user.id, current.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.trigger ? { trigger: input.trigger } : {}),
    ...(input.actions ? { actions: input.actions } : {}),
    ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
  });
  if (!row) throw notFound('Automation rule');
  return toRule(row);
}

export async function deleteRule(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  if (!isId(id) || !(await repository.deleteRule(ctx.db, user.id, id))) throw notFound('Automation rule');
}

export async function listRuns(
  ctx: AppContext,
  user: UserRow,
  id: string,
  limit: number,
): Promise<AutomationRun[]> {
  const rule = await ownRule(ctx, user.id, id);
  return (await repository.listRuns(ctx.db, rule.id, limit)).map(toRun);
}

/**
 * `POST /api/automation/rules/{id}/execute`: runs the actions now (an inactive rule answers 409), with the
 * event data given or a sample of the rule's event, and answers the recorded run. Conditions are not tested:
 * the button is there to try the actions.
 */
export async function executeRule(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: ExecuteInput,
): Promise<AutomationRun> {
  const rule = await ownRule(ctx, user.id, id);
  if (!rule.isActive) throw conflict('This rule is inactive; activate it to run it');
  const data = input.event ?? sampleEvent(rule.trigger.event, user.id);
  const run = await runRule(ctx, rule, MANUAL_EVENT, data);
  if (!run) throw notFound('Automation rule');
  return toRun(run);
}
