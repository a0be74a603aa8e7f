import {
  AUTOMATION_ACTION_LABELS,
  CONDITION_OPERATOR_LABELS,
  type AutomationRule,
} from '@contract/automation';

type Condition = AutomationRule['trigger']['conditions'][number];

const valueText = (value: Condition['value']) =>
  Array.isArray(value) ? value.map(String).join(', ') : String(value);

/** "priority is one of high, critical and total is greater than 500", or that every event counts. */
export function conditionsSummary(conditions: readonly Condition[]): string {
  if (conditions.length === 0) return 'Every event';
  return conditions
    .map((c) => `${c.field} ${CONDITION_OPERATOR_LABELS[c.operator]} ${valueText(c.value)}`)
    .join(' and ');
}

/** "Notify me, then Call a webhook" with a short detail for each. */
export function actionsSummary(actions: AutomationRule['actions']): string {
  return actions
    .map((action) =>
      action.type === 'webhook' && action.config.url
        ? `${AUTOMATION_ACTION_LABELS.webhook} (${hostOf(action.config.url)})`
        : AUTOMATION_ACTION_LABELS[action.type],
    )
    .join(', then ');
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
