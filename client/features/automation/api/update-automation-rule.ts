import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutomationRule, UpdateAutomationRuleRequest } from '@contract/automation';
import { apiRequest } from '@/lib/api-client';
import {
  AUTOMATION_RULES_PATH,
  automationRulesQueryKey,
} from '@/features/automation/api/get-automation-rules';

/** PATCH: rename, change the trigger or actions, or switch the rule on or off (`isActive`). */
export function updateAutomationRule({
  id,
  changes,
}: {
  id: string;
  changes: UpdateAutomationRuleRequest;
}): Promise<AutomationRule> {
  return apiRequest<AutomationRule>('PATCH', `${AUTOMATION_RULES_PATH}/${encodeURIComponent(id)}`, changes);
}

export function useUpdateAutomationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAutomationRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationRulesQueryKey }),
  });
}
