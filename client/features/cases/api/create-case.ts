import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, CreateCaseRequest } from '@contract/cases';
import { apiRequest } from '@/lib/api-client';
import { CASES_PATH, casesQueryKey } from '@/features/cases/api/get-cases';

/** 201 with the new case (status open); 400 with the schema's messages. */
export function createCase(data: CreateCaseRequest): Promise<Case> {
  return apiRequest<Case>('POST', CASES_PATH, data);
}

export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesQueryKey }),
  });
}
