import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import {
  AUTOMATION_RULES_PATH,
  automationRulesQueryKey,
} from '@/features/automation/api/get-automation-rules';

/** 204: the rule and its run history are gone. */
export function deleteAutomationRule(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `${AUTOMATION_RULES_PATH}/${encodeURIComponent(id)}`);
}

export function useDeleteAutomationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAutomationRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationRulesQueryKey }),
  });
}
