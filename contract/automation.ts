import { z } from 'zod';
import { listQuerySchema } from './lists.js';

/** The domain events a rule can watch (issue 9): every module announces these after its change commits. */
export const AUTOMATION_EVENTS = [
  'case.created',
  'case.updated',
  'case.sla_breached',
  'investigation.created',
  'order.placed',
  'payment.completed',
  'payment.failed',
  'tier.changed',
  'threat.created',
  'observable.matched',
  'security.alert',
] as const;
export type AutomationEvent = (typeof AUTOMATION_EVENTS)[number];

export const AUTOMATION_EVENT_LABELS: Record<AutomationEvent, string> = {
  'case.created': 'Case created',
  'case.updated': 'Case updated',
  'case.sla_breached': 'Service level breached',
  'investigation.created': 'Investigation requested',
  'order.placed': 'Order placed',
  'payment.completed': 'Payment completed',
  'payment.failed': 'Payment failed',
  'tier.changed': 'Tier changed',
  'threat.created': 'Threat added',
  'observable.matched': 'Observable matched',
  'security.alert': 'Security alert',
};

/** The fields each event carries: what conditions test and what `{{field}}` placeholders fill in. */
export const AUTOMATION_EVENT_FIELDS: Record<AutomationEvent, readonly string[]> = {
  'case.created': ['caseId', 'caseNumber', 'title', 'category', 'priority'],
  'case.updated': ['caseId', 'caseNumber', 'updateType', 'status', 'title'],
  'case.sla_breached': [
    'subjectType',
    'caseId',
    'investigationId',
    'caseNumber',
    'title',
    'clock',
    'tier',
    'dueAt',
  ],
  'investigation.created': ['investigationId', 'serviceType', 'priority', 'estimatedCost'],
  'order.placed': ['orderId', 'total', 'currency', 'itemCount', 'paymentMethod'],
  'payment.completed': ['paymentId', 'amount', 'currency', 'description'],
  'payment.failed': ['paymentId', 'amount', 'currency', 'description'],
  'tier.changed': ['from', 'to', 'reason'],
  'threat.created': ['threatId', 'title', 'category', 'severity', 'tlp', 'indicators'],
  'observable.matched': [
    'caseId',
    'caseNumber',
    'observableId',
    'observableType',
    'value',
    'tlp',
    'isInternal',
    'threatId',
    'threatTitle',
    'severity',
    'threatTlp',
  ],
  'security.alert': ['kind', 'severity', 'message'],
};

/**
 * Events that name a case, so an add_case_update action may leave its caseId out and use the event's (a breach of
 * an investigation request names none: that action then fails and says so).
 */
export const CASE_EVENTS: readonly AutomationEvent[] = [
  'case.created',
  'case.updated',
  'case.sla_breached',
  'observable.matched',
];

export const CONDITION_OPERATORS = ['equals', 'not_equals', 'in', 'gt', 'lt', 'contains'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const CONDITION_OPERATOR_LABELS: Record<ConditionOperator, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  in: 'is one of',
  gt: 'is greater than',
  lt: 'is less than',
  contains: 'contains',
};

/** What a rule's action may do: notify its owner, send through an integration, add a case note, call a webhook. */
export const AUTOMATION_ACTION_TYPES = ['notify', 'send_integration', 'add_case_update', 'webhook'] as const;
export type AutomationActionType = (typeof AUTOMATION_ACTION_TYPES)[number];

export const AUTOMATION_ACTION_LABELS: Record<AutomationActionType, string> = {
  notify: 'Notify me',
  send_integration: 'Send through an integration',
  add_case_update: 'Add a case update',
  webhook: 'Call a webhook',
};

export const AUTOMATION_LIMITS = { conditions: 20, actions: 10, message: 1_000, inValues: 50 } as const;

export const AUTOMATION_RUN_STATUSES = ['succeeded', 'failed'] as const;
export type AutomationRunStatus = (typeof AUTOMATION_RUN_STATUSES)[number];

/** PostgreSQL cannot store a NUL character in text or jsonb: refused here, with the other input rules. */
const NUL_MESSAGE = 'Must not contain NUL characters';
const noNul = (value: string) => !value.includes('\u0000');

const scalar = z.union([
  z.string().trim().max(500, 'Value must be at most 500 characters').refine(noNul, NUL_MESSAGE),
  z.number(),
  z.boolean(),
]);

/**
 * One test on the event's data: `{field, operator, value}`. `in` takes a list (a comma-separated text is split, so a
 * form's text box can send it); `gt` and `lt` take a number. Strings compare without regard to case.
 */
export const automationConditionSchema = z
  .object({
    field: z
      .string({ error: 'Field is required' })
      .trim()
      .min(1, 'Field is required')
      .max(100, 'Field must be at most 100 characters')
      .refine(noNul, NUL_MESSAGE),
    operator: z.enum(CONDITION_OPERATORS, {
      error: 'Operator must be equals, not_equals, in, gt, lt or contains',
    }),
    value: z.union([scalar, z.array(scalar).max(AUTOMATION_LIMITS.inValues)], { error: 'Value is required' }),
  })
  .transform((condition, ctx) => {
    const { operator } = condition;
    let value = condition.value;
    if (operator === 'in') {
      const list = Array.isArray(value)
        ? value
        : String(value)
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean);
      if (list.length === 0)
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'List at least one value' });
      value = list;
    } else if (Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Only "is one of" takes a list' });
    } else if (operator === 'gt' || operator === 'lt') {
      const number = typeof value === 'number' ? value : Number(String(value).trim());
      if (String(value).trim() === '' || !Number.isFinite(number)) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter a number' });
      }
      value = number;
    } else if (value === '') {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Value is required' });
    }
    return { ...condition, value };
  });
export type AutomationConditionInput = z.input<typeof automationConditionSchema>;
export type AutomationCondition = z.output<typeof automationConditionSchema>;

/**
 * `trigger` as stored in the jsonb column: `{event, conditions: [{field, operator, value}, ...]}`; every condition
 * must hold (an empty list matches every event of that name).
 */
export const automationTriggerSchema = z
  .object({
    event: z.enum(AUTOMATION_EVENTS, { error: 'Choose an event' }),
    conditions: z
      .array(automationConditionSchema)
      .max(AUTOMATION_LIMITS.conditions, `At most ${AUTOMATION_LIMITS.conditions} conditions`)
      .default([]),
  })
  .superRefine((trigger, ctx) => {
    const fields = AUTOMATION_EVENT_FIELDS[trigger.event];
    trigger.conditions.forEach((condition, index) => {
      if (!fields.includes(condition.field)) {
        ctx.addIssue({
          code: 'custom',
          path: ['conditions', index, 'field'],
          message: `${trigger.event} has no field "${condition.field}"; use one of ${fields.join(', ')}`,
        });
      }
    });
  });
export type AutomationTriggerInput = z.input<typeof automationTriggerSchema>;
export type AutomationTrigger = z.output<typeof automationTriggerSchema>;

/** Messages may name the event's fields as `{{field}}`; they are filled in when the rule runs. */
const message = z
  .string({ error: 'Message is required' })
  .trim()
  .min(1, 'Message is required')
  .max(AUTOMATION_LIMITS.message, `Message must be at most ${AUTOMATION_LIMITS.message} characters`)
  .refine(noNul, NUL_MESSAGE);

const id = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is not valid`)
    .refine(noNul, `${label} is not valid`);

export const automationActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('notify'), config: z.object({ message }) }),
    z.object({
      type: z.literal('send_integration'),
      config: z.object({ integrationId: id('Integration'), message }),
    }),
    z.object({
      type: z.literal('add_case_update'),
      config: z.object({
        caseId: id('Case')
          .optional()
          .or(z.literal('').transform(() => undefined)),
        message,
      }),
    }),
    z.object({
      type: z.literal('webhook'),
      config: z.object({
        url: z
          .string({ error: 'URL is required' })
          .trim()
          .max(2_000, 'URL must be at most 2000 characters')
          .refine(noNul, 'Enter an http or https URL')
          .pipe(z.url({ protocol: /^https?$/, error: 'Enter an http or https URL' })),
      }),
    }),
  ],
  { error: 'Action type must be notify, send_integration, add_case_update or webhook' },
);
export type AutomationActionInput = z.input<typeof automationActionSchema>;
export type AutomationAction = z.output<typeof automationActionSchema>;

const actionsSchema = z
  .array(automationActionSchema, { error: 'At least one action is required' })
  .min(1, 'At least one action is required')
  .max(AUTOMATION_LIMITS.actions, `At most ${AUTOMATION_LIMITS.actions} actions`);

/** Rules that need the trigger and the actions together; the server checks them again on every change. */
export function automationRuleIssues(
  trigger: Pick<AutomationTrigger, 'event'>,
  actions: readonly AutomationAction[],
): { path: (string | number)[]; message: string }[] {
  return actions.flatMap((action, index) =>
    action.type === 'add_case_update' && !action.config.caseId && !CASE_EVENTS.includes(trigger.event)
      ? [{ path: ['actions', index, 'config', 'caseId'], message: 'Choose a case: this event names none' }]
      : [],
  );
}

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(3, 'Name is required')
  .max(100, 'Name must be at most 100 characters')
  .refine(noNul, NUL_MESSAGE);

/** `POST /api/automation/rules`; the New Rule form validates with this same schema. */
export const createAutomationRuleRequestSchema = z
  .object({
    name,
    trigger: automationTriggerSchema,
    actions: actionsSchema,
    isActive: z.boolean().default(true),
  })
  .superRefine((rule, ctx) => {
    for (const issue of automationRuleIssues(rule.trigger, rule.actions))
      ctx.addIssue({ code: 'custom', ...issue });
  });
export type CreateAutomationRuleRequest = z.input<typeof createAutomationRuleRequestSchema>;
export type CreateAutomationRuleInput = z.output<typeof createAutomationRuleRequestSchema>;

/** `PATCH /api/automation/rules/{id}`: any of the fields; the Active switch sends `isActive` alone. */
export const updateAutomationRuleRequestSchema = z
  .object({
    name: name.optional(),
    trigger: automationTriggerSchema.optional(),
    actions: actionsSchema.optional(),
    isActive: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to change',
  });
export type UpdateAutomationRuleRequest = z.input<typeof updateAutomationRuleRequestSchema>;

/** `POST /api/automation/rules/{id}/execute`: the event data to run with; without it, a sample of the rule's event. */
export const executeAutomationRuleRequestSchema = z
  .object({
    event: z
      .record(z.string().max(100), z.unknown())
      .refine((event) => !JSON.stringify(event).includes('\\u0000'), NUL_MESSAGE)
      .optional(),
  })
  .default({});

export const automationRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  trigger: z.object({
    event: z.enum(AUTOMATION_EVENTS),
    conditions: z.array(
      z.object({
        field: z.string(),
        operator: z.enum(CONDITION_OPERATORS),
        value: z.union([
          z.string(),
          z.number(),
          z.boolean(),
          z.array(z.union([z.string(), z.number(), z.boolean()])),
        ]),
      }),
    ),
  }),
  actions: z.array(
    z.object({
      type: z.enum(AUTOMATION_ACTION_TYPES),
      config: z.object({
        integrationId: z.string().optional(),
        message: z.string().optional(),
        url: z.string().optional(),
        caseId: z.string().optional(),
      }),
    }),
  ),
  isActive: z.boolean(),
  executionCount: z.number().int(),
  lastExecuted: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AutomationRule = z.infer<typeof automationRuleSchema>;

/** One action's outcome in a run. */
export const automationActionOutcomeSchema = z.object({
  type: z.enum(AUTOMATION_ACTION_TYPES),
  ok: z.boolean(),
  detail: z.string(),
});
export type AutomationActionOutcome = z.infer<typeof automationActionOutcomeSchema>;

export const automationRunSchema = z.object({
  id: z.string(),
  ruleId: z.string(),
  /** The event that set the rule off, or 'manual' for the Run button (its data: the given or a sample event). */
  event: z.string(),
  eventData: z.record(z.string(), z.unknown()),
  status: z.enum(AUTOMATION_RUN_STATUSES),
  outcomes: z.array(automationActionOutcomeSchema),
  createdAt: z.iso.datetime(),
});
export type AutomationRun = z.infer<typeof automationRunSchema>;

export const automationRunsQuerySchema = listQuerySchema;

/**
 * `POST /api/automation/signing-secret` -> 201 (design 11.5): a new key for the `X-Signature` of the user's rule
 * webhooks, replacing the previous one at once; shown this once (only a sealed copy is kept).
 */
export const automationSigningSecretSchema = z.object({ secret: z.string() });
export type AutomationSigningSecret = z.infer<typeof automationSigningSecretSchema>;

/** `GET /api/automation/signing-secret`: whether a key is set, and since when; never the key itself. */
export const automationSigningSecretStatusSchema = z.object({
  configured: z.boolean(),
  createdAt: z.string().nullable(),
});
export type AutomationSigningSecretStatus = z.infer<typeof automationSigningSecretStatusSchema>;
