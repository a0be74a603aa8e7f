import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiAnalysis } from '@contract/ai';
import { getJson } from '@/lib/api-client';
import { isStreamUp, useLiveEvents } from '@/lib/live-events';

export const AI_ANALYSIS_PATH = '/api/ai/analysis';

export const analysesQueryKey = [AI_ANALYSIS_PATH] as const;

/** How often the list is read again while an analysis is still queued or running. */
export const ANALYSIS_POLL_MS = 2_000;

export const isRunning = (analysis: AiAnalysis) =>
  analysis.status === 'pending' || analysis.status === 'processing';

/** The user's analyses, newest first. */
export function getAnalyses({ signal }: { signal?: AbortSignal } = {}): Promise<AiAnalysis[]> {
  return getJson<AiAnalysis[]>(AI_ANALYSIS_PATH, { on401: 'throw', signal });
}

export function getAnalysesQueryOptions() {
  return queryOptions({
    queryKey: analysesQueryKey,
    queryFn: ({ signal }) => getAnalyses({ signal }),
    // A background job finishes each analysis, and the stream says so; while it is down, poll while any is
    // unfinished, and stop once none is.
    refetchInterval: (query) =>
      !isStreamUp() && query.state.data?.some(isRunning) ? ANALYSIS_POLL_MS : false,
  });
}

export function useAnalyses() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: analysesQueryKey });
  useLiveEvents({ 'job.progress': ({ kind }) => kind === 'ai' && refresh(), reset: refresh });
  return useQuery(getAnalysesQueryOptions());
}
