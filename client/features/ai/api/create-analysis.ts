import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiAnalysis, CreateAiAnalysisRequest } from '@contract/ai';
import { apiRequest } from '@/lib/api-client';
import { AI_ANALYSIS_PATH, analysesQueryKey } from '@/features/ai/api/get-analyses';

/** 201 with the analysis, pending until its job runs; 400 with the schema's messages. */
export function createAnalysis(data: CreateAiAnalysisRequest): Promise<AiAnalysis> {
  return apiRequest<AiAnalysis>('POST', AI_ANALYSIS_PATH, data);
}

export function useCreateAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAnalysis,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analysesQueryKey }),
  });
}
