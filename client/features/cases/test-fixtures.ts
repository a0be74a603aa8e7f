import type { Case, CaseDetail } from '@contract/cases';
import { runningSla } from '@contract/service-levels';

export function makeCase(overrides: Partial<Case> = {}): Case {
  const createdAt = new Date(Date.now() - 3 * 3_600_000);
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
    visibility: 'private',
    mine: true,
    assignedAgentId: null,
    assignedAgent: null,
    estimatedCost: null,
    sla: runningSla('case', 1, createdAt, new Date()),
    tasks: { done: 0, total: 0 },
    attackTechniques: [],
    mergedInto: null,
    createdAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
    ...overrides,
  };
}

export function makeCaseDetail(overrides: Partial<CaseDetail> = {}): CaseDetail {
  return { ...makeCase(overrides), updates: [], ...overrides };
}
