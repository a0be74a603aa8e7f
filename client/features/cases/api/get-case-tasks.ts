import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '@contract/case-tasks';
import { getJson } from '@/lib/api-client';
import { CASES_PATH } from '@/features/cases/api/get-cases';

/** Under the case's own key, so changing a task refreshes the case's progress with it. */
export function caseTasksQueryKey(caseId: string) {
  return [`${CASES_PATH}/:id`, caseId, 'tasks'] as const;
}

/** A case's tasks (Directors), in the order they were made. */
export function getCaseTasks(caseId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Task[]> {
  return getJson<Task[]>(`${CASES_PATH}/${encodeURIComponent(caseId)}/tasks`, { on401: 'throw', signal });
}

export function useCaseTasks(caseId: string) {
  return useQuery(
    queryOptions({
      queryKey: caseTasksQueryKey(caseId),
      queryFn: ({ signal }) => getCaseTasks(caseId, { signal }),
    }),
  );
}
