/*
 * The demo dashboard reads a service's free-form `fullContent` (JSON with no fixed shape): figures for tiles,
 * and analytics of whatever shape each service keeps. These helpers turn it into things a screen can show:
 * numeric series become charts, everything else a labelled value.
 */

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** 'avgTimeToAdvisory' or 'avg_time_to_advisory' -> 'Avg time to advisory'; 'negativeSpikes7d' -> 'Negative spikes 7d'. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Keys whose value is a share of one (0.86 reads as 86%). */
const FRACTION_KEY = /(rate|accuracy|confidence|met|share|ratio)$/i;

export function isFraction(key: string, value: number): boolean {
  return FRACTION_KEY.test(key) && value >= 0 && value <= 1;
}

export function formatNumber(value: number): string {
  return Number.isFinite(value) ? numberFormat.format(value) : '—';
}

export function formatFraction(value: number): string {
  return percentFormat.format(value);
}

/** A figure as a person reads it: grouped digits, shares of one as percentages, text as it is. */
export function formatFigure(key: string, value: unknown): string {
  if (typeof value === 'number') return isFraction(key, value) ? formatFraction(value) : formatNumber(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((item) => formatFigure(key, item)).join(', ');
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value);
}

/** One row of a chart: its label on the x axis and one number per series. */
export type ChartRow = { label: string } & Record<string, string | number>;

export interface ChartEntry {
  kind: 'chart';
  key: string;
  title: string;
  /** 'bar' for categories, 'line' for a sequence (weeks, months, successive scores). */
  variant: 'bar' | 'line';
  rows: ChartRow[];
  /** The numeric fields of each row, one bar or line each. */
  series: string[];
  /** Values are shares of one (a breakdown summing to 1, say): shown as percentages. */
  percent: boolean;
}

export interface ListEntry {
  kind: 'list';
  key: string;
  title: string;
  items: string[];
}

export interface ValueEntry {
  kind: 'value';
  key: string;
  title: string;
  value: string;
}

export type AnalyticsEntry = ChartEntry | ListEntry | ValueEntry;

function isNumberRecord(value: unknown): value is Record<string, number> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const values = Object.values(value);
  return values.length > 1 && values.every((item) => typeof item === 'number' && Number.isFinite(item));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys like '2026-07' or '2026-W43' are a sequence over time: a line reads better than bars. */
const PERIOD_KEY = /^\d{4}-(\d{2}|W\d{2})$/;

function allFractions(values: number[]): boolean {
  const sum = values.reduce((total, value) => total + value, 0);
  return values.every((value) => value >= 0 && value <= 1) && Math.abs(sum - 1) < 0.02;
}

/**
 * Sorts each analytics field into a chart (numeric series), a list (of strings) or a value. Series are: a map
 * of category to number, an array of numbers, or an array of objects sharing one text field (the label) and
 * numeric fields (one series each).
 */
export function analyticsEntries(analytics: Record<string, unknown> | undefined): AnalyticsEntry[] {
  if (!analytics) return [];
  return Object.entries(analytics).map(([key, value]): AnalyticsEntry => {
    const title = humanizeKey(key);
    if (isNumberRecord(value)) {
      const labels = Object.keys(value);
      const numbers = Object.values(value);
      return {
        kind: 'chart',
        key,
        title,
        variant: labels.every((label) => PERIOD_KEY.test(label)) ? 'line' : 'bar',
        rows: Object.entries(value).map(([label, number]) => ({
          label: PERIOD_KEY.test(label) ? label : humanizeKey(label),
          value: number,
        })),
        series: ['value'],
        percent: allFractions(numbers),
      };
    }
    if (Array.isArray(value) && value.length > 1 && value.every((item) => typeof item === 'number')) {
      return {
        kind: 'chart',
        key,
        title,
        variant: 'line',
        rows: value.map((number, index) => ({ label: `#${index + 1}`, value: number })),
        series: ['value'],
        percent: false,
      };
    }
    if (Array.isArray(value) && value.length > 1 && value.every(isRecord)) {
      const first = value[0] as Record<string, unknown>;
      const labelKey = Object.keys(first).find((field) => typeof first[field] === 'string');
      const series = Object.keys(first).filter((field) => typeof first[field] === 'number');
      const uniform =
        labelKey !== undefined &&
        series.length > 0 &&
        value.every(
          (row) =>
            typeof row[labelKey] === 'string' && series.every((field) => typeof row[field] === 'number'),
        );
      if (uniform) {
        return {
          kind: 'chart',
          key,
          title,
          variant: 'line',
          rows: value.map((row) => {
            const chartRow: ChartRow = { label: String(row[labelKey]) };
            for (const field of series) chartRow[field] = row[field] as number;
            return chartRow;
          }),
          series,
          percent: false,
        };
      }
    }
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
      return { kind: 'list', key, title, items: value };
    }
    return { kind: 'value', key, title, value: formatFigure(key, value) };
  });
}

/** Confidence arrives as a share of one (0.91) or, from older records, a percentage (91). */
export function formatConfidence(confidence: number): string {
  return formatFraction(confidence > 1 ? confidence / 100 : confidence);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatTimestamp(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}
