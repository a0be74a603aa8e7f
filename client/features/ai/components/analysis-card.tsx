import { AlertTriangle } from 'lucide-react';
import { AI_PROCESSING_PROGRESS, type AiAnalysis } from '@contract/ai';
import { Badge } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { PatternResults } from '@/features/ai/components/pattern-results';
import { SentimentResults } from '@/features/ai/components/sentiment-results';
import { ThreatResults } from '@/features/ai/components/threat-results';
import { ANALYSIS_STATUS_BADGES, ANALYSIS_TYPE_LABELS } from '@/features/ai/utils/labels';
import { formatDate, formatPercent, formatRelativeTime } from '@/lib/format';

const PREVIEW_CHARS = 160;

function inputSummary(analysis: AiAnalysis): string {
  if (analysis.type === 'pattern_analysis') {
    const count = analysis.inputData.dataPoints.length;
    return `${count} data point${count === 1 ? '' : 's'}`;
  }
  const { text } = analysis.inputData;
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

function Results({ analysis }: { analysis: AiAnalysis }) {
  if (analysis.type === 'sentiment_analysis' && analysis.results) {
    return <SentimentResults results={analysis.results} />;
  }
  if (analysis.type === 'pattern_analysis' && analysis.results) {
    return <PatternResults points={analysis.inputData.dataPoints} results={analysis.results} />;
  }
  if (analysis.type === 'threat_assessment' && analysis.results) {
    return <ThreatResults results={analysis.results} />;
  }
  return null;
}

/**
 * One analysis: its status, the fixed 65% bar while it runs (the job reports no progress), then its results
 * or why it failed.
 */
export function AnalysisCard({ analysis }: { analysis: AiAnalysis }) {
  const status = ANALYSIS_STATUS_BADGES[analysis.status];
  const title = ANALYSIS_TYPE_LABELS[analysis.type];
  return (
    <li data-testid="analysis-card" aria-label={title} className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-semibold">{title}</h4>
        <Badge variant={status.variant}>
          <span className="sr-only">Status: </span>
          {status.label}
        </Badge>
        {analysis.confidence !== null && (
          <span className="font-mono text-xs text-muted-foreground">
            Confidence {formatPercent(analysis.confidence * 100)}
          </span>
        )}
        <time
          dateTime={analysis.createdAt}
          title={formatDate(analysis.createdAt)}
          className="ml-auto text-xs text-muted-foreground"
        >
          {formatRelativeTime(analysis.createdAt)}
        </time>
      </div>
      <p className="text-sm break-words text-muted-foreground">{inputSummary(analysis)}</p>
      {analysis.status === 'pending' && (
        <p className="text-sm text-muted-foreground">Waiting for a worker…</p>
      )}
      {analysis.status === 'processing' && (
        <div className="grid gap-1">
          <Progress value={AI_PROCESSING_PROGRESS} aria-label={`${title} progress`} />
          <span className="text-xs text-muted-foreground">Processing… {AI_PROCESSING_PROGRESS}%</span>
        </div>
      )}
      {analysis.status === 'failed' && (
        <p role="alert" className="flex items-start gap-2 text-sm text-red-400">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {analysis.error ?? 'The analysis failed.'}
        </p>
      )}
      {analysis.status === 'completed' && <Results analysis={analysis} />}
    </li>
  );
}
