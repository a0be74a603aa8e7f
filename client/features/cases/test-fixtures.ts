import type { Case, CaseDetail } from '@contract/cases';

export function makeCase(overrides: Partial<Case> = {}): Case {
  return {
    id: 'c1',
    caseNumber: 'CASE-2026-0001',
    title: 'Background check on a partner',
    description: 'We need a discreet background check on a prospective business partner in Mumbai.',
    category: 'investigation',
    priority: 'medium',
    status: 'open',
    deadline: null,
    clientRequirements: null,
    assignedAgentId: null,
    assignedAgent: null,
    estimatedCost: null,
    createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    updatedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    ...overrides,
  };
}

export function makeCaseDetail(overrides: Partial<CaseDetail> = {}): CaseDetail {
  return { ...makeCase(overrides), updates: [], ...overrides };
}
