import type { CaseSlots } from '@/features/cases/components/case-slots';
import { EvidenceDisclosure } from '@/features/evidence/components/evidence-disclosure';
import { EvidencePanel } from '@/features/evidence/components/evidence-panel';
import { ObservablesPanel } from '@/features/observables/components/observables-panel';
import type { InvestigationSlots } from '@/features/investigations/components/investigation-slots';
import { ReportButtons } from '@/features/reports/components/report-buttons';
import { SlaClock } from '@/features/service-levels/components/sla-clock';
import { SlaListControls } from '@/features/service-levels/components/sla-list-controls';

/*
 * Cases and investigation requests are the two subjects that carry a service-level clock (service-levels), files
 * (evidence) and a report (reports); a case also has observables (observables). Their screens leave slots for them (decision 011); these fill them: a case's
 * dialog shows its files panel open, a request's row folds its files and report buttons until opened.
 */
export const caseSlots: CaseSlots = {
  SlaClock,
  SlaListControls,
  ReportButtons,
  Files: EvidencePanel,
  Observables: ObservablesPanel,
};

export const investigationSlots: InvestigationSlots = {
  SlaClock,
  SlaListControls,
  ReportButtons,
  Files: EvidenceDisclosure,
};
