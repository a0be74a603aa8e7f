import {
  PREVIEW_MAX_ACTIVITIES,
  PREVIEW_MAX_CAPABILITIES,
  PREVIEW_MAX_METRICS,
  type DigitalService,
} from '@contract/digital-services';

export type PreviewActivityKind = 'alert' | 'target' | 'campaign' | 'activity';

export interface PreviewActivity {
  kind: PreviewActivityKind;
  text: string;
}

export interface ServicePreview {
  /** At most 4, in the order the service lists them. */
  metrics: { label: string; value: string | number }[];
  /** At most 2. */
  capabilities: string[];
  /** How many capabilities the card leaves out ('+N more'). */
  moreCapabilities: number;
  /** At most 2. */
  activities: PreviewActivity[];
}

/**
 * What a service card shows. The recent items come from the preview's own public teaser lists (alerts, then
 * targets, then campaigns); a service without any falls back to its latest recorded activities.
 */
export function servicePreview(
  service: Pick<DigitalService, 'previewContent' | 'fullContent'>,
): ServicePreview {
  const {
    metrics = {},
    capabilities = [],
    recent_alerts = [],
    recent_targets = [],
    active_campaigns = [],
  } = service.previewContent;
  const teasers: PreviewActivity[] = [
    ...recent_alerts.map((text) => ({ kind: 'alert' as const, text })),
    ...recent_targets.map((text) => ({ kind: 'target' as const, text })),
    ...active_campaigns.map((text) => ({ kind: 'campaign' as const, text })),
  ];
  const activities =
    teasers.length > 0
      ? teasers
      : (service.fullContent.recent_activities ?? []).map(({ activity }) => ({
          kind: 'activity' as const,
          text: activity,
        }));
  return {
    metrics: Object.entries(metrics)
      .slice(0, PREVIEW_MAX_METRICS)
      .map(([label, value]) => ({ label, value })),
    capabilities: capabilities.slice(0, PREVIEW_MAX_CAPABILITIES),
    moreCapabilities: Math.max(0, capabilities.length - PREVIEW_MAX_CAPABILITIES),
    activities: activities.slice(0, PREVIEW_MAX_ACTIVITIES),
  };
}
