import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutomationRule, CreateAutomationRuleRequest } from '@contract/automation';
import { apiRequest } from '@/lib/api-client';
import {
  AUTOMATION_RULES_PATH,
  automationRulesQueryKey,
} from '@/features/automation/api/get-automation-rules';

/** 201 with the rule (active unless sent otherwise); 400 with the schema's messages, per field. */
export function createAutomationRule(data: CreateAutomationRuleRequest): Promise<AutomationRule> {
  return apiRequest<AutomationRule>('POST', AUTOMATION_RULES_PATH, data);
}

export function useCreateAutomationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAutomationRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationRulesQueryKey }),
  });
}
