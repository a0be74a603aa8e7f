import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '@contract/audit';
import { getJson } from '@/lib/api-client';
import { ORGANIZATION_PATH, organizationQueryKey } from '@/features/organization/api/get-organization';

export const ORGANIZATION_AUDIT_PATH = `${ORGANIZATION_PATH}/audit`;

/** The newest events about the organisation and its shared records (owners and admins). */
export function getOrganizationAudit({ signal }: { signal?: AbortSignal } = {}): Promise<AuditEvent[]> {
  return getJson<AuditEvent[]>(`${ORGANIZATION_AUDIT_PATH}?limit=50`, { on401: 'throw', signal });
}

export function getOrganizationAuditQueryOptions() {
  return queryOptions({
    queryKey: [...organizationQueryKey, 'audit'] as const,
    queryFn: ({ signal }) => getOrganizationAudit({ signal }),
  });
}

export function useOrganizationAudit({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getOrganizationAuditQueryOptions(), enabled });
}
