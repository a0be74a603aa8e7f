import { useMutation } from '@tanstack/react-query';
import type { SecureChannelReceipt, SecureChannelRequestInput } from '@contract/secure-channel';
import { apiRequest } from '@/lib/api-client';

export const SECURE_CHANNEL_PATH = '/api/secure-channel';

/**
 * 201 with a receipt `{id, status, createdAt}`. Open to anonymous visitors. 400 with issues for a field that
 * breaks the rules of contract/secure-channel.ts; 429 `RATE_LIMITED` after too many requests from one address.
 */
export function createSecureChannelRequest(data: SecureChannelRequestInput): Promise<SecureChannelReceipt> {
  return apiRequest<SecureChannelReceipt>('POST', SECURE_CHANNEL_PATH, data);
}

export function useCreateSecureChannelRequest() {
  // Nothing on screen lists the requests, so there is nothing to refresh.
  return useMutation({ mutationFn: createSecureChannelRequest });
}
