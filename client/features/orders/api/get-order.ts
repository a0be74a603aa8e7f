import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@contract/orders';
import { getJson } from '@/lib/api-client';
import { ORDERS_PATH, ordersQueryKey } from '@/features/orders/api/get-orders';

/** One of the signed-in user's orders, with its tax lines, invoice, credit notes, returns and refunds. */
export function getOrder(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Order> {
  return getJson<Order>(`${ORDERS_PATH}/${encodeURIComponent(id)}`, { on401: 'throw', signal });
}

export function getOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ordersQueryKey, id],
    queryFn: ({ signal }) => getOrder(id, { signal }),
  });
}

export function useOrder(id: string) {
  return useQuery(getOrderQueryOptions(id));
}

/** Where the tax invoice and a credit note download (PDF; the browser sends the session cookie). */
export const invoiceHref = (orderId: string) => `${ORDERS_PATH}/${encodeURIComponent(orderId)}/invoice`;
export const creditNoteHref = (orderId: string, creditNoteId: string) =>
  `${ORDERS_PATH}/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(creditNoteId)}`;
