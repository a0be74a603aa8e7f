import { describe, expect, it } from 'vitest';
import { analyzePattern, changePoints, linearTrend, robustZScores } from './pattern.js';
import { AnalyzerError } from './shared.js';

describe('pattern analyzer', () => {
  it('summarises a straight rising line', () => {
    expect(analyzePattern([1, 2, 3, 4, 5])).toEqual({
      // 0.2 + 0.5 x 5/30 + 0.25 x 1
      confidence: 0.533,
      results: {
        count: 5,
        min: 1,
        max: 5,
        mean: 3,
        median: 3,
        standardDeviation: 1.58113883,
        trend: { slope: 1, intercept: 1, rSquared: 1, direction: 'rising' },
        // Deviations from 3 are 2, 1, 0, 1, 2: MAD 1, so the largest |z| is 0.6745 x 2.
        anomalyDetection: { method: 'mad', mad: 1, threshold: 3.5 },
        anomalies: [],
        changePoints: [],
      },
    });
  });

  it('flags an outlier by its robust z-score and names it by its label', () => {
    const points = [
      10,
      12,
      11,
      13,
      12,
      11,
      { value: 40, label: 'Sun 7th' },
      { value: 12, timestamp: '2026-03-08T00:00:00Z' },
    ];
    expect(analyzePattern(points)).toEqual({
      confidence: 0.382,
      results: {
        count: 8,
        min: 10,
        max: 40,
        mean: 15.125,
        median: 12,
        standardDeviation: 10.09154526,
        trend: { slope: 1.821428571, intercept: 8.75, rSquared: 0.1954610355, direction: 'rising' },
        anomalyDetection: { method: 'mad', mad: 1, threshold: 3.5 },
        // 0.6745 x (40 - 12) / 1
        anomalies: [{ index: 6, value: 40, robustZ: 18.886, label: 'Sun 7th' }],
        changePoints: [],
      },
    });
  });

  it('falls back to the mean absolute deviation when MAD is 0, and a lone spike is no change point', () => {
    const { results } = analyzePattern([10, 10, 10, 10, 10, 10, 10, 10, 10, 100]);
    // (100 - 10) / (1.253314 x 9)
    expect(results.anomalyDetection).toEqual({ method: 'meanAbsoluteDeviation', mad: 0, threshold: 3.5 });
    expect(results.anomalies).toEqual([{ index: 9, value: 100, robustZ: 7.978846482, label: null }]);
    expect(results.changePoints).toEqual([]);
  });

  it('finds a level shift with its effect size', () => {
    const { results } = analyzePattern([1, 2, 1, 2, 1, 9, 10, 9, 10, 9]);
    // Means 1.4 and 9.4; each side's squared error 1.2, pooled sd sqrt(2.4 / 8).
    expect(results.changePoints).toEqual([
      { index: 5, meanBefore: 1.4, meanAfter: 9.4, effectSize: 14.60593487, label: null },
    ]);
    expect(results.trend).toEqual({
      slope: 1.212121212,
      intercept: -0.05454545455,
      rSquared: 0.7463800567,
      direction: 'rising',
    });
    expect(results.standardDeviation).toBe(4.247875286);
    expect(results.anomalies).toEqual([]);
  });

  it('sets anomalies aside before looking for a shift, so a spike does not hide one', () => {
    const { results } = analyzePattern([1, 2, 1, 2, 1, 9, 10, 9, 10, 9, 100]);
    // Median 9, MAD 7: 0.6745 x 91 / 7
    expect(results.anomalies).toEqual([{ index: 10, value: 100, robustZ: 8.7685, label: null }]);
    expect(results.changePoints).toEqual([
      { index: 5, meanBefore: 1.4, meanAfter: 9.4, effectSize: 14.60593487, label: null },
    ]);
    // Without the spike set aside, the shift is not found: its segment's spread is too wide.
    expect(changePoints([1, 2, 1, 2, 1, 9, 10, 9, 10, 9, 100])).toEqual([]);
  });

  it('reports an exact step between constant segments with no effect size', () => {
    expect(changePoints([5, 5, 5, 5, 5, 20, 20, 20, 20, 20])).toEqual([
      { index: 5, meanBefore: 5, meanAfter: 20, effectSize: null },
    ]);
  });

  it('finds a staircase of shifts by searching each side again', () => {
    const series = [0, 0, 0, 0, 10, 10, 10, 10, 20, 20, 20, 20].map((v, i) => v + (i % 2) * 0.5);
    expect(changePoints(series).map((split) => split.index)).toEqual([4, 8]);
  });

  it('calls noise around a level flat, and a constant series flat with nothing anomalous', () => {
    const noisy = analyzePattern([5, 6, 5, 6, 5, 6]).results;
    // slope 1.5 / 17.5, r-squared 2.25 / (17.5 x 1.5): below 0.1.
    expect(noisy.trend).toEqual({
      slope: 0.08571428571,
      intercept: 5.285714286,
      rSquared: 0.08571428571,
      direction: 'flat',
    });
    expect(noisy.changePoints).toEqual([]);
    expect(analyzePattern([4, 4, 4])).toEqual({
      // 0.2 + 0.5 x 3/30 + 0.25 x 1
      confidence: 0.5,
      results: expect.objectContaining({
        standardDeviation: 0,
        trend: { slope: 0, intercept: 4, rSquared: 1, direction: 'flat' },
        anomalyDetection: { method: 'none', mad: 0, threshold: 3.5 },
        anomalies: [],
      }),
    });
  });

  it('falls as well as rises, and refuses too few points', () => {
    expect(linearTrend([9, 7, 5, 3, 1])).toEqual({ slope: -2, intercept: 9, rSquared: 1 });
    expect(analyzePattern([9, 7, 5, 3, 1]).results.trend.direction).toBe('falling');
    expect(robustZScores([1, 1, 1]).method).toBe('none');
    expect(() => analyzePattern([1, 2])).toThrow(AnalyzerError);
  });

  it('gives the same result for the same points', () => {
    const points = Array.from({ length: 500 }, (_, i) => Math.sin(i / 7) * 10 + (i > 250 ? 30 : 0));
    expect(analyzePattern(points)).toEqual(analyzePattern([...points]));
  });
});
