import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER, type AuditEvent } from '@contract/audit';
import { getJsonWithHeaders } from '@/lib/api-client';

export const AUDIT_PATH = '/api/admin/audit';

/** What the audit screen asks the server to filter by; each is left out when empty. Times are ISO strings. */
export interface AuditFilters {
  actorId?: string;
  subjectUserId?: string;
  /** One action (`auth.login_failed`) or a family (`auth.*`). */
  action?: string;
  from?: string;
  to?: string;
}

export interface AuditPage {
  events: AuditEvent[];
  /** The `X-Next-Cursor` header: what to pass as `before` for the next page; null on the last page. */
  nextCursor: string | null;
}

export const auditQueryKey = [AUDIT_PATH] as const;

export function auditEventsQueryKey(filters: AuditFilters) {
  return [AUDIT_PATH, filters] as const;
}

/** The query string of one page: the filters that are set, and the cursor after the first page. */
export function auditSearch(filters: AuditFilters, before?: string): string {
  const params = new URLSearchParams();
  for (const key of ['actorId', 'subjectUserId', 'action', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (before) params.set('before', before);
  return params.toString();
}

export async function getAuditEvents(
  filters: AuditFilters,
  { before, signal }: { before?: string; signal?: AbortSignal } = {},
): Promise<AuditPage> {
  const search = auditSearch(filters, before);
  const { data, headers } = await getJsonWithHeaders<AuditEvent[]>(
    search ? `${AUDIT_PATH}?${search}` : AUDIT_PATH,
    { signal },
  );
  return { events: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

export function getAuditEventsInfiniteQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: auditEventsQueryKey(filters),
    queryFn: ({ pageParam, signal }) => getAuditEvents(filters, { before: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AuditPage) => last.nextCursor ?? undefined,
  });
}

/** The trail, newest first, a page at a time ('Load more' follows the cursor); new filters keep the old rows up. */
export function useAuditEvents(filters: AuditFilters) {
  return useInfiniteQuery({
    ...getAuditEventsInfiniteQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}
