import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AutomationRun } from '@contract/automation';
import { getJson } from '@/lib/api-client';
import { AUTOMATION_RULES_PATH } from '@/features/automation/api/get-automation-rules';

export function automationRunsQueryKey(ruleId: string) {
  return [AUTOMATION_RULES_PATH, ruleId, 'runs'] as const;
}

/** One rule's runs, newest first, each with its actions' outcomes. */
export function getAutomationRuns(
  ruleId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AutomationRun[]> {
  return getJson<AutomationRun[]>(`${AUTOMATION_RULES_PATH}/${encodeURIComponent(ruleId)}/runs`, {
    on401: 'throw',
    signal,
  });
}

export function getAutomationRunsQueryOptions(ruleId: string) {
  return queryOptions({
    queryKey: automationRunsQueryKey(ruleId),
    queryFn: ({ signal }) => getAutomationRuns(ruleId, { signal }),
  });
}

export function useAutomationRuns(ruleId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAutomationRunsQueryOptions(ruleId), enabled });
}
