/** An action in words (the contract's labels, which the server also sends with each event as `actionLabel`). */
export { auditActionLabel as actionLabel } from '@contract/audit';

/** A family filter (`auth.*`) in words. */
export function familyLabel(prefix: string): string {
  return `Every ${prefix.slice(0, -2).replaceAll('_', ' ')} action`;
}

/** The first block of a UUID, enough to tell rows apart on screen; the whole id is in the title. */
export function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

/** An event's detail as `key: value` pairs, nested values as compact JSON. */
export function detailEntries(detail: Record<string, unknown>): [string, string][] {
  return Object.entries(detail).map(([key, value]) => [
    key,
    typeof value === 'string' ? value : JSON.stringify(value),
  ]);
}

export const AUDIT_MESSAGES = {
  loadFailed: 'The audit trail could not be loaded.',
  moreFailed: 'More events could not be loaded. Try again.',
  empty: 'No events',
  emptyFiltered: 'No audit events match these filters.',
  emptyAll: 'Nothing has been recorded yet.',
  forbidden: 'Audit trail access requires Tier 4 clearance or higher.',
} as const;
