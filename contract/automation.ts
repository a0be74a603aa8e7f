/** Action shapes pinned in design section 3. */
export const AUTOMATION_ACTION_TYPES = ['notify', 'send_integration', 'add_case_update', 'webhook'] as const;
export type AutomationActionType = (typeof AUTOMATION_ACTION_TYPES)[number];

export interface AutomationActionConfig {
  integrationId?: string;
  message?: string;
  url?: string;
  caseId?: string;
}

export interface AutomationAction {
  type: AutomationActionType;
  config: AutomationActionConfig;
}

/** The event names belong to the automation feature; the schema only needs the shape. */
export interface AutomationTrigger {
  event: string;
  conditions: Record<string, unknown>;
}

export const AUTOMATION_RUN_STATUSES = ['succeeded', 'failed'] as const;
export type AutomationRunStatus = (typeof AUTOMATION_RUN_STATUSES)[number];

/** One action's outcome in a run. */
export interface AutomationActionOutcome {
  type: AutomationActionType;
  ok: boolean;
  detail: string;
}
