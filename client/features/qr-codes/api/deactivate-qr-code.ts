import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QrCode } from '@contract/qr-codes';
import { apiRequest } from '@/lib/api-client';
import { QR_CODES_PATH, qrCodesQueryKey } from '@/features/qr-codes/api/get-qr-codes';

/** The code as it now stands: switched off for good, so it reads Expired. */
export function deactivateQrCode(id: string): Promise<QrCode> {
  return apiRequest<QrCode>('POST', `${QR_CODES_PATH}/${encodeURIComponent(id)}/deactivate`);
}

export function useDeactivateQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateQrCode,
    onSuccess: (updated) => {
      queryClient.setQueryData<QrCode[]>(qrCodesQueryKey, (codes) =>
        codes?.map((code) => (code.id === updated.id ? updated : code)),
      );
    },
  });
}
