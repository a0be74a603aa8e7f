import type { ComponentType, ReactNode } from 'react';
import type { Sla } from '@contract/service-levels';

/**
 * What the request lists show of other features (decision 011), filled by the app (`client/app/subject-slots.tsx`):
 * the service-level clock and the Directors' order and filter (service-levels), the report buttons (reports) and
 * the files (evidence), folded under the request's row with the report buttons above them. `base` is the
 * request's API path, `/api/investigations/{id}`.
 */
export interface InvestigationSlots {
  SlaClock: ComponentType<{ sla: Sla; clientTarget?: { label: string; value: string } | null }>;
  /** Keeps its own choice and hands the list its query string ('' for the default order and filter). */
  SlaListControls: ComponentType<{ onQueryChange: (query: string) => void; className?: string }>;
  ReportButtons: ComponentType<{ base: string; director: boolean }>;
  Files: ComponentType<{ base: string; director: boolean; actions?: ReactNode }>;
}
