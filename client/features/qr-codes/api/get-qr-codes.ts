import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QrCode } from '@contract/qr-codes';
import { getJson } from '@/lib/api-client';

export const QR_CODES_PATH = '/api/qr-codes';

export const qrCodesQueryKey = [QR_CODES_PATH] as const;

/** The user's codes, newest first, each with the URL its image encodes. */
export function getQrCodes({ signal }: { signal?: AbortSignal } = {}): Promise<QrCode[]> {
  return getJson<QrCode[]>(QR_CODES_PATH, { on401: 'throw', signal });
}

export function getQrCodesQueryOptions() {
  return queryOptions({ queryKey: qrCodesQueryKey, queryFn: ({ signal }) => getQrCodes({ signal }) });
}

export function useQrCodes() {
  return useQuery(getQrCodesQueryOptions());
}
