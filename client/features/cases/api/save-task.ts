import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTaskRequest, Task, UpdateTaskRequest } from '@contract/case-tasks';
import { apiRequest } from '@/lib/api-client';
import { caseQueryKey } from '@/features/cases/api/get-case';
import { CASES_PATH, casesQueryKey } from '@/features/cases/api/get-cases';
import { myTasksQueryKey } from '@/features/cases/api/get-my-tasks';

/** A new task (201) or a change to one (200); either refreshes the case (its progress), its tasks and My tasks. */
export function saveTask(
  input:
    | { caseId: string; taskId?: undefined; body: CreateTaskRequest }
    | { caseId: string; taskId: string; body: UpdateTaskRequest },
): Promise<Task> {
  const base = `${CASES_PATH}/${encodeURIComponent(input.caseId)}/tasks`;
  return input.taskId
    ? apiRequest<Task>('PATCH', `${base}/${encodeURIComponent(input.taskId)}`, input.body)
    : apiRequest<Task>('POST', base, input.body);
}

export function useSaveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTask,
    onSuccess: (task) => {
      void queryClient.invalidateQueries({ queryKey: caseQueryKey(task.caseId) });
      void queryClient.invalidateQueries({ queryKey: casesQueryKey });
      void queryClient.invalidateQueries({ queryKey: myTasksQueryKey });
    },
  });
}
