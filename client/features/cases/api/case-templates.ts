import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseTemplate, CaseTemplateRequest, Task } from '@contract/case-tasks';
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

/** Directors: a new template (no `id`) or a changed one; 400 with issues by field when the server refuses it. */
export function useSaveTemplate(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: CaseTemplateRequest) =>
      id
        ? apiRequest<CaseTemplate>('PUT', `${TEMPLATES_PATH}/${encodeURIComponent(id)}`, template)
        : apiRequest<CaseTemplate>('POST', TEMPLATES_PATH, template),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}

/** Directors: deletes a template; tasks it already made stay on their cases. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>('DELETE', `${TEMPLATES_PATH}/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}
