import type { ComponentType } from 'react';
import type { Sla } from '@contract/service-levels';

/**
 * What the case screens show of other features (decision 011), filled by the app (`client/app/subject-slots.tsx`):
 * the service-level clock and the Directors' order and filter (service-levels), the report buttons (reports) and
 * the files panel (evidence) and the observables panel (observables). `base` is the case's API path, `/api/cases/{id}`.
 */
export interface CaseSlots {
  SlaClock: ComponentType<{ sla: Sla; clientTarget?: { label: string; value: string } | null }>;
  /** Keeps its own choice and hands the list its query string ('' for the default order and filter). */
  SlaListControls: ComponentType<{ onQueryChange: (query: string) => void }>;
  ReportButtons: ComponentType<{ base: string; director: boolean }>;
  /** `onChanged` after a file is attached or removed (the case's timeline says so). */
  Files: ComponentType<{ base: string; director: boolean; onChanged?: () => void; readOnly?: boolean }>;
  Observables: ComponentType<{ base: string; director: boolean }>;
}
