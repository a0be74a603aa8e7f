import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Case } from '@contract/cases';
import { getJson } from '@/lib/api-client';

const CASES_PATH = '/api/cases';

export interface CaseChoice {
  id: string;
  label: string;
}

/**
 * The user's own cases, for the case a case-access code opens. Under the cases list's key prefix, so anything that
 * refreshes the cases refreshes these choices too.
 */
export const caseChoicesQueryKey = [CASES_PATH, 'qr-case-choices'] as const;

export async function getCaseChoices({ signal }: { signal?: AbortSignal } = {}): Promise<CaseChoice[]> {
  const cases = await getJson<Case[]>(CASES_PATH, { on401: 'throw', signal });
  return cases.map((item) => ({ id: item.id, label: `${item.caseNumber} · ${item.title}` }));
}

export function getCaseChoicesQueryOptions() {
  return queryOptions({ queryKey: caseChoicesQueryKey, queryFn: ({ signal }) => getCaseChoices({ signal }) });
}

/** Fetched only while the form asks for a case. */
export function useCaseChoices(enabled: boolean) {
  return useQuery({ ...getCaseChoicesQueryOptions(), enabled });
}
