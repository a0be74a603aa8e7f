import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateQrCodeRequest, QrCode } from '@contract/qr-codes';
import { apiRequest } from '@/lib/api-client';
import { QR_CODES_PATH, qrCodesQueryKey } from '@/features/qr-codes/api/get-qr-codes';

/** 201 with the new code and its scanUrl; 400 with the schema's messages (or 'Case not found' for a case code). */
export function createQrCode(data: CreateQrCodeRequest): Promise<QrCode> {
  return apiRequest<QrCode>('POST', QR_CODES_PATH, data);
}

export function useCreateQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQrCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrCodesQueryKey }),
  });
}
