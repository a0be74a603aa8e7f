import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@contract/auth';
import type { SetupDirectorRequest } from '@contract/setup';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth';

/** 201 with the first Director, who is signed in at once; the setup link is then spent. */
export function createFirstDirector(data: SetupDirectorRequest): Promise<User> {
  return apiRequest<User>('POST', '/api/setup/director', data);
}

export function useCreateFirstDirector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFirstDirector,
    onSuccess: (user) => queryClient.setQueryData<User | null>(userQueryKey, user),
  });
}
