import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterRequest, User } from '@contract/auth';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth';
import { markNewAccount } from '@/features/auth/utils/new-account';

/** 201 with the new user, who is signed in at once. */
export function register(data: RegisterRequest): Promise<User> {
  return apiRequest<User>('POST', '/api/auth/register', data);
}

export function useRegister({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData<User | null>(userQueryKey, user);
      markNewAccount(user.id);
      onSuccess?.(user);
    },
  });
}
