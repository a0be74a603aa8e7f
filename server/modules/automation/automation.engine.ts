import type { AutomationCondition, AutomationEvent } from '../../../contract/automation.js';

/** What a rule sees of an event: the payload's fields (see AUTOMATION_EVENT_FIELDS). */
export type EventData = Record<string, unknown>;

const isBlank = (value: unknown) => value === undefined || value === null;

/** A number, or a text that is one ("99.00"); anything else is not a number. */
function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value.trim());
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

const asText = (value: unknown) => String(value).trim().toLowerCase();

/** Numbers compare as numbers ("99.00" equals 99), everything else as text without regard to case. */
function same(actual: unknown, expected: unknown): boolean {
  if (isBlank(actual) || Array.isArray(actual)) return false;
  const a = asNumber(actual);
  const b = asNumber(expected);
  if (a !== null && b !== null) return a === b;
  return asText(actual) === asText(expected);
}

export function conditionHolds(condition: AutomationCondition, data: EventData): boolean {
  const actual = data[condition.field];
  const { value } = condition;
  switch (condition.operator) {
    case 'equals':
      return same(actual, value);
    case 'not_equals':
      return !same(actual, value);
    case 'in':
      return (Array.isArray(value) ? value : [value]).some((item) => same(actual, item));
    case 'gt':
    case 'lt': {
      const a = asNumber(actual);
      const b = asNumber(value);
      if (a === null || b === null) return false;
      return condition.operator === 'gt' ? a > b : a < b;
    }
    case 'contains':
      // A list (a threat's indicators) contains an item; a text contains a piece of text.
      if (Array.isArray(actual)) return actual.some((item) => same(item, value));
      return !isBlank(actual) && asText(actual).includes(asText(value));
  }
}

/** Every condition must hold; no conditions match every event. */
export function matches(conditions: readonly AutomationCondition[], data: EventData): boolean {
  return conditions.every((condition) => conditionHolds(condition, data));
}

/** Fills `{{field}}` with the event's value (lists joined with commas); an unknown field becomes empty. */
export function render(template: string, data: EventData): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (_match, field: string) => {
    const value = data[field];
    if (isBlank(value)) return '';
    if (Array.isArray(value)) return value.map(String).join(', ');
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}

/** What the Run button sends when no event is given: an event of the rule's kind, marked as a sample. */
export function sampleEvent(event: AutomationEvent, userId: string): EventData {
  const samples: Record<AutomationEvent, EventData> = {
    'case.created': {
      caseNumber: 'CASE-SAMPLE',
      title: 'Sample case',
      category: 'investigation',
      priority: 'high',
    },
    'case.updated': {
      caseNumber: 'CASE-SAMPLE',
      updateType: 'status_change',
      status: 'in_progress',
      title: 'Sample case',
    },
    'case.sla_breached': {
      subjectType: 'case',
      caseNumber: 'CASE-SAMPLE',
      title: 'Sample case',
      clock: 'first_response',
      tier: 2,
      dueAt: '2026-01-01T09:00:00.000Z',
    },
    'investigation.created': {
      investigationId: 'sample',
      serviceType: 'background-check',
      priority: 'HIGH',
      estimatedCost: '15000.00',
    },
    'order.placed': {
      orderId: 'sample',
      total: '1000.00',
      currency: 'USD',
      itemCount: 1,
      paymentMethod: 'stripe',
    },
    'payment.completed': {
      paymentId: 'sample',
      amount: '99.00',
      currency: 'USD',
      description: 'Sample payment',
    },
    'payment.failed': {
      paymentId: 'sample',
      amount: '99.00',
      currency: 'USD',
      description: 'Sample payment',
    },
    'tier.changed': { from: 1, to: 2, reason: 'upgrade' },
    'threat.created': {
      threatId: 'sample',
      title: 'Sample threat',
      category: 'cyber',
      severity: 'critical',
      tlp: 'GREEN',
      indicators: ['198.51.100.7'],
    },
    'observable.matched': {
      caseNumber: 'CASE-SAMPLE',
      observableType: 'domain',
      value: 'evil.example',
      tlp: 'amber',
      isInternal: false,
      threatId: 'sample',
      threatTitle: 'Sample threat',
      severity: 'high',
      threatTlp: 'GREEN',
    },
    'security.alert': {
      kind: 'new_device',
      severity: 'medium',
      message: 'Signed in from a new device (sample)',
    },
  };
  return { ...samples[event], ...(event === 'threat.created' ? {} : { userId }), sample: true };
}
