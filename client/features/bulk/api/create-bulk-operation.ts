import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkOperation, CreateBulkOperationRequest } from '@contract/bulk';
import { apiRequest } from '@/lib/api-client';
import { BULK_OPERATIONS_PATH, bulkOperationsQueryKey } from '@/features/bulk/api/get-bulk-operations';

/** 202 with the pending operation; its job does the work and the list shows its progress. */
export function createBulkOperation(data: CreateBulkOperationRequest): Promise<BulkOperation> {
  return apiRequest<BulkOperation>('POST', BULK_OPERATIONS_PATH, data);
}

export function useCreateBulkOperation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBulkOperation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bulkOperationsQueryKey }),
  });
}
