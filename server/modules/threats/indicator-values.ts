import { normalizeObservable, observableTypeOfPath } from '../../../contract/observables.js';
import { parsePattern } from './stix-patterns.js';

/** One value an indicator's pattern compares for equality, as an observable of that type would hold it. */
export interface IndicatorValue {
  kind: string;
  value: string;
}

/**
 * The (observable type, normal value) pairs a STIX indicator's pattern compares with `=` or `IN` on a path matching
 * reads (`ipv4-addr:value`, `file:hashes.'SHA-256'`, ...), in the normal form of contract/observables. Negated
 * comparisons, other operators and values that are not valid for their type (a CIDR range is not one address)
 * give nothing: an observable matches only what the pattern says it equals.
 */
export function indicatorValues(indicator: Record<string, unknown>): IndicatorValue[] {
  if (indicator.pattern_type !== 'stix' || typeof indicator.pattern !== 'string') return [];
  const parsed = parsePattern(indicator.pattern);
  if (!parsed.ok) return [];
  const found = new Map<string, IndicatorValue>();
  for (const comparison of parsed.comparisons) {
    if (comparison.negated || (comparison.operator !== '=' && comparison.operator !== 'IN')) continue;
    const kind = observableTypeOfPath(comparison.path);
    if (!kind) continue;
    for (const raw of comparison.values) {
      const normal = normalizeObservable(kind, raw);
      if (normal.ok) found.set(`${kind}\u0000${normal.value}`, { kind, value: normal.value });
    }
  }
  return [...found.values()];
}
