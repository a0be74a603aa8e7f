import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '@contract/case-tasks';
import { getJson } from '@/lib/api-client';

export const MY_TASKS_PATH = '/api/tasks?assignee=me&status=open';
export const myTasksQueryKey = ['/api/tasks'] as const;

/** My open tasks (Directors), soonest due first. */
export function getMyTasks({ signal }: { signal?: AbortSignal } = {}): Promise<Task[]> {
  return getJson<Task[]>(MY_TASKS_PATH, { on401: 'throw', signal });
}

export function useMyTasks() {
  return useQuery(
    queryOptions({ queryKey: myTasksQueryKey, queryFn: ({ signal }) => getMyTasks({ signal }) }),
  );
}
