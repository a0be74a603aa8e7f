import { describe, expect, it } from 'vitest';
import { makeService } from '@/features/digital-services/test-fixtures';
import { servicePreview } from '@/features/digital-services/utils/preview';

describe('servicePreview', () => {
  it('keeps at most 4 metrics, 2 capabilities with the rest counted, and 2 recent items', () => {
    const preview = servicePreview(makeService());
    expect(preview.metrics.map(({ label }) => label)).toEqual([
      'Active Threat Feeds',
      'Briefs Issued (30d)',
      'Median Lead Time',
      'Regions Covered',
    ]);
    expect(preview.capabilities).toEqual([
      'Sector-specific weekly threat briefs',
      'Travel risk advisories for executives',
    ]);
    expect(preview.moreCapabilities).toBe(4);
    expect(preview.activities).toEqual([
      { kind: 'alert', text: 'Transport strike in Bengaluru' },
      { kind: 'alert', text: 'Payroll phishing wave' },
    ]);
  });

  it('takes alerts, then targets, then campaigns', () => {
    const preview = servicePreview(
      makeService({
        previewContent: { recent_alerts: ['A1'], recent_targets: ['T1', 'T2'], active_campaigns: ['C1'] },
      }),
    );
    expect(preview.activities).toEqual([
      { kind: 'alert', text: 'A1' },
      { kind: 'target', text: 'T1' },
    ]);
  });

  it('falls back to the recorded activities, and copes with an empty preview', () => {
    const preview = servicePreview(makeService({ previewContent: {} }));
    expect(preview.metrics).toEqual([]);
    expect(preview.capabilities).toEqual([]);
    expect(preview.moreCapabilities).toBe(0);
    expect(preview.activities).toEqual([
      { kind: 'activity', text: 'Weekly sector brief published' },
      { kind: 'activity', text: 'Unverified protest claim under review' },
    ]);
    expect(servicePreview(makeService({ previewContent: {}, fullContent: {} })).activities).toEqual([]);
  });

  it('counts nothing more when there are 2 capabilities or fewer', () => {
    expect(
      servicePreview(makeService({ previewContent: { capabilities: ['a', 'b'] } })).moreCapabilities,
    ).toBe(0);
  });
});
