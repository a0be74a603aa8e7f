import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AutomationRule } from '@contract/automation';
import { getJson } from '@/lib/api-client';

export const AUTOMATION_RULES_PATH = '/api/automation/rules';

export const automationRulesQueryKey = [AUTOMATION_RULES_PATH] as const;

/** The user's rules, newest first, with their run counters. */
export function getAutomationRules({ signal }: { signal?: AbortSignal } = {}): Promise<AutomationRule[]> {
  return getJson<AutomationRule[]>(AUTOMATION_RULES_PATH, { on401: 'throw', signal });
}

export function getAutomationRulesQueryOptions() {
  return queryOptions({
    queryKey: automationRulesQueryKey,
    queryFn: ({ signal }) => getAutomationRules({ signal }),
  });
}

export function useAutomationRules() {
  return useQuery(getAutomationRulesQueryOptions());
}
