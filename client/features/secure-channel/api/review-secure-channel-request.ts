import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecureChannelRequestRecord, SecureChannelReview } from '@contract/secure-channel';
import { apiRequest } from '@/lib/api-client';
import {
  SECURE_CHANNEL_REQUESTS_PATH,
  secureChannelRequestsQueryKey,
} from '@/features/secure-channel/api/get-secure-channel-requests';

/** Directors: 200 with the decided request; 409 when someone already decided it. */
export function reviewSecureChannelRequest({
  id,
  ...data
}: SecureChannelReview & { id: string }): Promise<SecureChannelRequestRecord> {
  return apiRequest<SecureChannelRequestRecord>(
    'PATCH',
    `${SECURE_CHANNEL_REQUESTS_PATH}/${encodeURIComponent(id)}`,
    data,
  );
}

export function useReviewSecureChannelRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewSecureChannelRequest,
    // Settled, not success: a 409 means another Director decided it, and the queue should show that too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: secureChannelRequestsQueryKey }),
  });
}
