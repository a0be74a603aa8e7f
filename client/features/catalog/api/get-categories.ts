import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@contract/catalog';
import { getJson } from '@/lib/api-client';

export const CATEGORIES_PATH = '/api/categories';

export const categoriesQueryKey = [CATEGORIES_PATH] as const;

export function getCategories({ signal }: { signal?: AbortSignal } = {}): Promise<Category[]> {
  return getJson<Category[]>(CATEGORIES_PATH, { on401: 'throw', signal });
}

export function getCategoriesQueryOptions() {
  return queryOptions({ queryKey: categoriesQueryKey, queryFn: getCategories });
}

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
