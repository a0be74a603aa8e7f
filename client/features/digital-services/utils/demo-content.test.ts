import { describe, expect, it } from 'vitest';
import {
  analyticsEntries,
  formatConfidence,
  formatFigure,
  humanizeKey,
} from '@/features/digital-services/utils/demo-content';

describe('humanizeKey and formatFigure', () => {
  it('turns field names into labels', () => {
    expect(humanizeKey('avgTimeToAdvisory')).toBe('Avg time to advisory');
    expect(humanizeKey('negativeSpikes7d')).toBe('Negative spikes 7d');
    expect(humanizeKey('in_progress')).toBe('In progress');
  });

  it('groups digits, shows shares of one as percentages and leaves text alone', () => {
    expect(formatFigure('mentions', 9234)).toBe('9,234');
    expect(formatFigure('forecastAccuracy', 0.86)).toBe('86%');
    expect(formatFigure('responseSlaMet', 0.96)).toBe('96%');
    expect(formatFigure('sentimentScore', 0.34)).toBe('0.34');
    expect(formatFigure('avgTimeToAdvisory', '3h 40m')).toBe('3h 40m');
    expect(formatConfidence(0.91)).toBe('91%');
    expect(formatConfidence(84)).toBe('84%');
  });
});

describe('analyticsEntries', () => {
  it('charts numeric series and lists or labels the rest', () => {
    const entries = analyticsEntries({
      threatsByCategory: { cyber: 46, physical: 31 },
      sentimentBreakdown: { positive: 0.46, neutral: 0.41, negative: 0.13 },
      signalVolume: { '2026-07': 1.21, '2026-08': 1.34 },
      riskScoreTrend: [5.6, 5.1, 4.7],
      severityTrend: [
        { week: '2026-W43', critical: 1, high: 14 },
        { week: '2026-W44', critical: 2, high: 17 },
      ],
      topSources: ['Field network', 'Open web'],
      forecastAccuracy: 0.86,
      nextReview: '2026-12-01',
    });
    expect(entries.map((entry) => [entry.key, entry.kind])).toEqual([
      ['threatsByCategory', 'chart'],
      ['sentimentBreakdown', 'chart'],
      ['signalVolume', 'chart'],
      ['riskScoreTrend', 'chart'],
      ['severityTrend', 'chart'],
      ['topSources', 'list'],
      ['forecastAccuracy', 'value'],
      ['nextReview', 'value'],
    ]);
    const [byCategory, breakdown, volume, trend, severity] = entries;
    expect(byCategory).toMatchObject({
      variant: 'bar',
      percent: false,
      rows: [
        { label: 'Cyber', value: 46 },
        { label: 'Physical', value: 31 },
      ],
    });
    expect(breakdown).toMatchObject({ percent: true });
    expect(volume).toMatchObject({
      variant: 'line',
      rows: [{ label: '2026-07', value: 1.21 }, { label: '2026-08' }],
    });
    expect(trend).toMatchObject({ variant: 'line', rows: [{ label: '#1', value: 5.6 }, {}, {}] });
    expect(severity).toMatchObject({
      variant: 'line',
      series: ['critical', 'high'],
      rows: [{ label: '2026-W43', critical: 1, high: 14 }, {}],
    });
    expect(entries[6]).toMatchObject({ title: 'Forecast accuracy', value: '86%' });
  });

  it('has nothing to show without analytics', () => {
    expect(analyticsEntries(undefined)).toEqual([]);
  });
});
