import {
  ANOMALY_THRESHOLD,
  CHANGE_POINT_MIN_EFFECT,
  type DataPoint,
  type PatternResults,
  type TrendDirection,
} from '../../../../contract/ai.js';
import { AnalyzerError, confidenceOf, round, type AnalyzerOutcome } from './shared.js';

/** The smallest segment a change point may leave on either side: a lone spike is an anomaly, not a new level. */
export const MIN_SEGMENT = 3;
/** Change points reported at most (the strongest splits are found first). */
export const MAX_CHANGE_POINTS = 10;
/** A trend explaining less of the variance than this is no trend. */
const MIN_TREND_R_SQUARED = 0.1;
/** A fitted rise or fall smaller than this share of the data's range is no trend either. */
const MIN_TREND_SHARE_OF_RANGE = 0.1;
/** Turns MAD into a consistent estimate of the standard deviation for normal data (Iglewicz and Hoaglin). */
const MAD_SCALE = 0.6745;
/** The same for the mean absolute deviation, used when MAD is 0 (1.253314 = sqrt(pi / 2)). */
const MEAN_AD_SCALE = 1.253314;

const valueOf = (point: DataPoint) => (typeof point === 'number' ? point : point.value);
const labelOf = (point: DataPoint) =>
  typeof point === 'number' ? null : (point.label ?? point.timestamp ?? null);

export function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/** Least-squares line through (index, value), with the share of variance it explains. */
export function linearTrend(values: readonly number[]) {
  const n = values.length;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((sum, y) => sum + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  values.forEach((y, x) => {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
    syy += (y - meanY) ** 2;
  });
  const slope = sxx > 0 ? sxy / sxx : 0;
  // A constant series is fitted perfectly by a flat line.
  const rSquared = syy > 0 ? (sxy * sxy) / (sxx * syy) : 1;
  return { slope, intercept: meanY - slope * meanX, rSquared };
}

/**
 * Modified z-scores (Iglewicz and Hoaglin): 0.6745 (x - median) / MAD, flagging |z| > 3.5. When more than half the
 * points share one value MAD is 0, so the mean absolute deviation from the median stands in
 * ((x - median) / (1.253314 x meanAD), the usual fallback); when every point is equal nothing is anomalous.
 */
export function robustZScores(values: readonly number[]) {
  const center = median(ascending(values));
  const deviations = values.map((value) => Math.abs(value - center));
  const mad = median(ascending(deviations));
  if (mad > 0) {
    return {
      method: 'mad' as const,
      mad,
      scores: values.map((value) => (MAD_SCALE * (value - center)) / mad),
    };
  }
  const meanAd = deviations.reduce((sum, d) => sum + d, 0) / values.length;
  if (meanAd > 0) {
    return {
      method: 'meanAbsoluteDeviation' as const,
      mad,
      scores: values.map((value) => (value - center) / (MEAN_AD_SCALE * meanAd)),
    };
  }
  return { method: 'none' as const, mad, scores: values.map(() => 0) };
}

interface Split {
  index: number;
  meanBefore: number;
  meanAfter: number;
  effectSize: number | null;
}

/**
 * Binary segmentation on the mean: within a segment, the split that most reduces the squared error of fitting one
 * mean per side (prefix sums make each pass linear) is kept when both sides have at least MIN_SEGMENT points and
 * the shift is at least CHANGE_POINT_MIN_EFFECT pooled standard deviations; each side is then searched again.
 */
export function changePoints(values: readonly number[]): Split[] {
  const sums = [0];
  const squares = [0];
  for (const value of values) {
    sums.push(sums.at(-1)! + value);
    squares.push(squares.at(-1)! + value * value);
  }
  const sum = (from: number, to: number) => sums[to]! - sums[from]!;
  const squaredError = (from: number, to: number) =>
    Math.max(0, squares[to]! - squares[from]! - sum(from, to) ** 2 / (to - from));

  const found: Split[] = [];
  const search = (from: number, to: number) => {
    if (found.length >= MAX_CHANGE_POINTS || to - from < 2 * MIN_SEGMENT) return;
    let best = -1;
    let bestError = Infinity;
    for (let k = from + MIN_SEGMENT; k <= to - MIN_SEGMENT; k++) {
      const error = squaredError(from, k) + squaredError(k, to);
      if (error < bestError) {
        best = k;
        bestError = error;
      }
    }
    if (best < 0) return;
    const meanBefore = sum(from, best) / (best - from);
    const meanAfter = sum(best, to) / (to - best);
    const shift = Math.abs(meanAfter - meanBefore);
    const pooledSd = Math.sqrt(bestError / (to - from - 2));
    const effectSize = pooledSd > 0 ? shift / pooledSd : null;
    const large = effectSize === null ? shift > 0 : effectSize >= CHANGE_POINT_MIN_EFFECT;
    if (!large) return;
    found.push({ index: best, meanBefore, meanAfter, effectSize });
    search(from, best);
    search(best, to);
  };
  search(0, values.length);
  return found.sort((a, b) => a.index - b.index);
}

function directionOf(slope: number, rSquared: number, count: number, range: number): TrendDirection {
  const rise = slope * (count - 1);
  if (range === 0 || rSquared < MIN_TREND_R_SQUARED || Math.abs(rise) < MIN_TREND_SHARE_OF_RANGE * range) {
    return 'flat';
  }
  return rise > 0 ? 'rising' : 'falling';
}

/**
 * Summary statistics, a least-squares trend over the points' order, anomalies by robust z-score and change points
 * in the mean of the points that are not anomalies (a change point's index is the original position). Direction: flat unless the line explains at least 10% of the variance and rises or falls by at least
 * 10% of the range over the series.
 *
 * Confidence = 0.2 + 0.5 x min(1, n / 30) + 0.25 x r-squared, capped at 0.95: more points make every figure
 * steadier, and a good fit makes the trend (the headline finding) believable.
 */
export function analyzePattern(points: readonly DataPoint[]): AnalyzerOutcome<PatternResults> {
  const values = points.map(valueOf);
  if (values.length < MIN_SEGMENT || values.some((value) => !Number.isFinite(value))) {
    throw new AnalyzerError('Pattern analysis needs at least 3 finite numbers');
  }
  const sorted = ascending(values);
  const count = values.length;
  const mean = values.reduce((total, value) => total + value, 0) / count;
  const variance = values.reduce((total, value) => total + (value - mean) ** 2, 0) / (count - 1);
  const min = sorted[0]!;
  const max = sorted[count - 1]!;
  const trend = linearTrend(values);
  const robust = robustZScores(values);
  const anomalous = robust.scores.map((score) => Math.abs(score) > ANOMALY_THRESHOLD);
  // Anomalies are set aside before looking for shifts in level: one spike would otherwise swell its segment's
  // spread and hide a real shift next to it.
  const kept = values.flatMap((_, index) => (anomalous[index] ? [] : [index]));

  return {
    confidence: confidenceOf(Math.min(0.95, 0.2 + 0.5 * Math.min(1, count / 30) + 0.25 * trend.rSquared)),
    results: {
      count,
      min,
      max,
      mean: round(mean),
      median: round(median(sorted)),
      standardDeviation: round(Math.sqrt(variance)),
      trend: {
        slope: round(trend.slope),
        intercept: round(trend.intercept),
        rSquared: round(trend.rSquared),
        direction: directionOf(trend.slope, trend.rSquared, count, max - min),
      },
      anomalyDetection: { method: robust.method, mad: round(robust.mad), threshold: ANOMALY_THRESHOLD },
      anomalies: robust.scores.flatMap((score, index) =>
        anomalous[index]
          ? [{ index, value: values[index]!, robustZ: round(score), label: labelOf(points[index]!) }]
          : [],
      ),
      changePoints: changePoints(kept.map((index) => values[index]!)).map((split) => {
        const index = kept[split.index]!;
        return {
          index,
          meanBefore: round(split.meanBefore),
          meanAfter: round(split.meanAfter),
          effectSize: split.effectSize === null ? null : round(split.effectSize),
          label: labelOf(points[index]!),
        };
      }),
    },
  };
}
