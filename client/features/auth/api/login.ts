import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse, MfaMethod, User } from '@contract/auth';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth';
import { forgetNewAccount } from '@/features/auth/utils/new-account';

/** 200 with the user, or `{ mfaRequired: true, methods }` when the account has two-factor authentication. */
export function login(data: LoginRequest): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('POST', '/api/auth/login', data);
}

export function isMfaChallenge(
  response: LoginResponse,
): response is { mfaRequired: true; methods: MfaMethod[] } {
  return 'mfaRequired' in response && response.mfaRequired === true;
}

export function useLogin({ onSuccess }: { onSuccess?: (response: LoginResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      // An account that signs in existed before: welcomed back from now on.
      forgetNewAccount();
      if (!isMfaChallenge(response)) queryClient.setQueryData<User | null>(userQueryKey, response);
      onSuccess?.(response);
    },
  });
}
