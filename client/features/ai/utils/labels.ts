import type {
  AiAnalysisStatus,
  AiAnalysisType,
  IndicatorType,
  RiskLevel,
  SentimentLabel,
  TrendDirection,
} from '@contract/ai';
import type { BadgeProps } from '@/components/ui/badge';

type BadgeLook = { label: string; variant: BadgeProps['variant'] };

export const ANALYSIS_TYPE_LABELS: Record<AiAnalysisType, string> = {
  sentiment_analysis: 'Sentiment Analysis',
  pattern_analysis: 'Pattern Analysis',
  threat_assessment: 'Threat Assessment',
};

export const ANALYSIS_TYPE_HINTS: Record<AiAnalysisType, string> = {
  sentiment_analysis: 'Scores the tone of a text, sentence by sentence, with the AFINN word list.',
  pattern_analysis: 'Statistics, trend, anomalies and level shifts in a series of numbers.',
  threat_assessment:
    'Finds indicators (IP addresses, domains, URLs, e-mails, hashes) and checks them against stored threat intelligence.',
};

export const ANALYSIS_STATUS_BADGES: Record<AiAnalysisStatus, BadgeLook> = {
  pending: { label: 'Pending', variant: 'outline' },
  processing: { label: 'Processing', variant: 'warning' },
  completed: { label: 'Completed', variant: 'default' },
  failed: { label: 'Failed', variant: 'destructive' },
};

export const SENTIMENT_BADGES: Record<SentimentLabel, BadgeLook> = {
  positive: { label: 'Positive', variant: 'default' },
  negative: { label: 'Negative', variant: 'destructive' },
  neutral: { label: 'Neutral', variant: 'secondary' },
};

export const RISK_BADGES: Record<RiskLevel, BadgeLook> = {
  low: { label: 'Low', variant: 'secondary' },
  medium: { label: 'Medium', variant: 'outline' },
  high: { label: 'High', variant: 'warning' },
  critical: { label: 'Critical', variant: 'destructive' },
};

export const TREND_LABELS: Record<TrendDirection, string> = {
  rising: 'Rising',
  falling: 'Falling',
  flat: 'Flat',
};

export const INDICATOR_TYPE_LABELS: Record<IndicatorType, string> = {
  ipv4: 'IPv4',
  ipv6: 'IPv6',
  domain: 'Domain',
  url: 'URL',
  email: 'E-mail',
  md5: 'MD5',
  sha1: 'SHA-1',
  sha256: 'SHA-256',
};

export const AI_MESSAGES_UI = {
  started: { title: 'Analysis Started', description: 'It runs in the background; the result appears below.' },
  failedTitle: 'Error',
  createFailed: 'The analysis could not be started.',
  noAnalyses: 'No analyses yet',
  loadFailed: 'Your analyses could not be loaded.',
  imageNote: 'Image analysis is not offered: no local model reads images.',
} as const;

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** A figure from an analysis, to four decimals at most: 1.58113883 -> '1.5811'. */
export function formatFigure(value: number): string {
  return numberFormat.format(value);
}

/** A signed figure: '+3', '-0.5', '0'. */
export function formatSigned(value: number): string {
  return value > 0 ? `+${formatFigure(value)}` : formatFigure(value);
}
