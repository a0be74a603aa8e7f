import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttackTechnique } from '@contract/attack';
import type { CaseDetail } from '@contract/cases';
import { apiRequest, getJson } from '@/lib/api-client';
import { caseQueryKey } from '@/features/cases/api/get-case';
import { CASES_PATH, casesQueryKey } from '@/features/cases/api/get-cases';

/** The technique picker's search (at most 20). */
export function searchTechniques(
  q: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AttackTechnique[]> {
  return getJson<AttackTechnique[]>(`/api/attack/techniques?q=${encodeURIComponent(q)}`, {
    on401: 'throw',
    signal,
  });
}

export const techniquesQueryKey = (q: string) => ['/api/attack/techniques', q] as const;

function useCaseChange<T>(request: (input: T) => Promise<CaseDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (detail) => {
      queryClient.setQueryData(caseQueryKey(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: casesQueryKey });
    },
  });
}

/** `PATCH /api/cases/{id}` (Directors): the case's ATT&CK techniques. */
export function useSetTechniques(caseId: string) {
  return useCaseChange((attackTechniques: string[]) =>
    apiRequest<CaseDetail>('PATCH', `${CASES_PATH}/${encodeURIComponent(caseId)}`, { attackTechniques }),
  );
}

/** `POST /api/cases/{id}/merge` (Directors): answers the case it went into. */
export function useMergeCase(caseId: string) {
  const queryClient = useQueryClient();
  const change = useCaseChange((intoCaseId: string) =>
    apiRequest<CaseDetail>('POST', `${CASES_PATH}/${encodeURIComponent(caseId)}/merge`, { intoCaseId }),
  );
  return {
    ...change,
    mutateAsync: async (intoCaseId: string) => {
      const target = await change.mutateAsync(intoCaseId);
      void queryClient.invalidateQueries({ queryKey: caseQueryKey(caseId) });
      return target;
    },
  };
}
