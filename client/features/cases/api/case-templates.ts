import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseTemplate, Task } from '@contract/case-tasks';
import { apiRequest, getJson } from '@/lib/api-client';
import { caseQueryKey } from '@/features/cases/api/get-case';
import { CASES_PATH } from '@/features/cases/api/get-cases';

export const TEMPLATES_PATH = '/api/case-templates';
export const templatesQueryKey = [TEMPLATES_PATH] as const;

/** The case templates (Directors), by name. */
export function useCaseTemplates() {
  return useQuery(
    queryOptions({
      queryKey: templatesQueryKey,
      queryFn: ({ signal }) => getJson<CaseTemplate[]>(TEMPLATES_PATH, { on401: 'throw', signal }),
    }),
  );
}

/** Applies a template to a case: 201 with the tasks it made. */
export function useApplyTemplate(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) =>
      apiRequest<Task[]>('POST', `${CASES_PATH}/${encodeURIComponent(caseId)}/apply-template`, {
        templateId,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: caseQueryKey(caseId) }),
  });
}
