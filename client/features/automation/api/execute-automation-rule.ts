import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutomationRun } from '@contract/automation';
import { apiRequest } from '@/lib/api-client';
import {
  AUTOMATION_RULES_PATH,
  automationRulesQueryKey,
} from '@/features/automation/api/get-automation-rules';
import { automationRunsQueryKey } from '@/features/automation/api/get-automation-runs';

/** Runs an active rule's actions now with a sample of its event; 200 with the run, 409 when the rule is inactive. */
export function executeAutomationRule(id: string): Promise<AutomationRun> {
  return apiRequest<AutomationRun>('POST', `${AUTOMATION_RULES_PATH}/${encodeURIComponent(id)}/execute`, {});
}

export function useExecuteAutomationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: executeAutomationRule,
    onSuccess: (_run, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: automationRulesQueryKey }),
        queryClient.invalidateQueries({ queryKey: automationRunsQueryKey(id) }),
      ]),
  });
}
