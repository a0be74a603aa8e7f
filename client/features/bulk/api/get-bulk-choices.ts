import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@contract/api-keys';
import type { Case } from '@contract/cases';
import { LIST_MAX_LIMIT } from '@contract/lists';
import type { Notification } from '@contract/notifications';
import { getJson } from '@/lib/api-client';

/*
 * What the New Bulk Operation dialog offers to work on. Each list sits under its own feature's key prefix (the
 * paths below), so whatever refreshes those lists refreshes these choices, and a finished operation refreshes both.
 */
const NOTIFICATIONS_PATH = '/api/notifications';
const API_KEYS_PATH = '/api/api-keys';
const CASES_PATH = '/api/cases';

/** The lists a finished operation of each type has changed. */
export const AFFECTED_PATHS = {
  notifications_read: NOTIFICATIONS_PATH,
  api_key_revoke: API_KEYS_PATH,
  case_status: CASES_PATH,
  threat_import: '/api/threat-intelligence',
} as const;

export interface BulkChoice {
  id: string;
  label: string;
}

export const unreadNotificationChoicesKey = [NOTIFICATIONS_PATH, 'bulk-unread'] as const;
export const activeApiKeyChoicesKey = [API_KEYS_PATH, 'bulk-active'] as const;
export const caseChoicesKey = (scope: 'own' | 'all') => [CASES_PATH, 'bulk', scope] as const;

export async function getUnreadNotificationIds({ signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
  const list = await getJson<Notification[]>(`${NOTIFICATIONS_PATH}?limit=${LIST_MAX_LIMIT}`, {
    on401: 'throw',
    signal,
  });
  return list.filter((n) => !n.isRead).map((n) => n.id);
}

export async function getActiveApiKeyChoices({ signal }: { signal?: AbortSignal } = {}): Promise<
  BulkChoice[]
> {
  const keys = await getJson<ApiKey[]>(`${API_KEYS_PATH}?limit=${LIST_MAX_LIMIT}`, {
    on401: 'throw',
    signal,
  });
  return keys
    .filter((key) => key.isActive)
    .map((key) => ({ id: key.id, label: `${key.name} (${key.keyPrefix}…)` }));
}

export interface CaseChoice extends BulkChoice {
  status: Case['status'];
}

/** Your own cases, or (Directors changing statuses) everyone's. */
export async function getCaseChoices(
  scope: 'own' | 'all',
  { signal }: { signal?: AbortSignal } = {},
): Promise<CaseChoice[]> {
  const query = `?limit=${LIST_MAX_LIMIT}${scope === 'all' ? '&scope=all' : ''}`;
  const cases = await getJson<Case[]>(`${CASES_PATH}${query}`, { on401: 'throw', signal });
  return cases.map((c) => ({ id: c.id, label: `${c.caseNumber} · ${c.title}`, status: c.status }));
}

/** Fetched only while the dialog shows the type that needs them. */
export function useUnreadNotificationIds(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: unreadNotificationChoicesKey, queryFn: getUnreadNotificationIds }),
    enabled,
  });
}

export function useActiveApiKeyChoices(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: activeApiKeyChoicesKey, queryFn: getActiveApiKeyChoices }),
    enabled,
  });
}

export function useCaseChoices(scope: 'own' | 'all', enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: caseChoicesKey(scope),
      queryFn: ({ signal }) => getCaseChoices(scope, { signal }),
    }),
    enabled,
  });
}
