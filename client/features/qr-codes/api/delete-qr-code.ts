import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QR_CODES_PATH, qrCodesQueryKey } from '@/features/qr-codes/api/get-qr-codes';

/** 204; a later scan of the code finds nothing. */
export function deleteQrCode(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `${QR_CODES_PATH}/${encodeURIComponent(id)}`);
}

export function useDeleteQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQrCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrCodesQueryKey }),
  });
}
