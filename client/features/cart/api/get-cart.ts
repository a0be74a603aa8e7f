import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartLine } from '@contract/cart';
import { getJson } from '@/lib/api-client';

export const CART_PATH = '/api/cart';

/** The one key of the signed-in user's cart; every cart change invalidates it. */
export const cartQueryKey = [CART_PATH] as const;

export function getCart({ signal }: { signal?: AbortSignal } = {}): Promise<CartLine[]> {
  return getJson<CartLine[]>(CART_PATH, { on401: 'throw', signal });
}

export function getCartQueryOptions() {
  return queryOptions({ queryKey: cartQueryKey, queryFn: getCart });
}

/**
 * The cart's lines. Only signed-in users have a cart: pass `enabled: false` for anyone else, who would only
 * get a 401.
 */
export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCartQueryOptions(), enabled });
}
