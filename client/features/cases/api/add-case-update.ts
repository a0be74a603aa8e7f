import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseDetail, CreateCaseUpdateRequest } from '@contract/cases';
import { apiRequest } from '@/lib/api-client';
import { caseQueryKey } from '@/features/cases/api/get-case';
import { CASES_PATH, casesQueryKey } from '@/features/cases/api/get-cases';

/**
 * 201 with the case as it now stands. Everyone may comment; Directors also move the status (409 for a move
 * CASE_STATUS_MOVES does not allow), assign, estimate the cost and add internal notes (403 for anyone else).
 */
export function addCaseUpdate({
  caseId,
  update,
}: {
  caseId: string;
  update: CreateCaseUpdateRequest;
}): Promise<CaseDetail> {
  return apiRequest<CaseDetail>('POST', `${CASES_PATH}/${encodeURIComponent(caseId)}/updates`, update);
}

export function useAddCaseUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCaseUpdate,
    onSuccess: (detail) => {
      queryClient.setQueryData(caseQueryKey(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: casesQueryKey });
    },
  });
}
