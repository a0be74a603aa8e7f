import type { SentimentResults as Results } from '@contract/ai';
import { Badge } from '@/components/ui/badge';
import { formatFigure, formatSigned, SENTIMENT_BADGES } from '@/features/ai/utils/labels';
import { cn } from '@/lib/utils';

/** A sentence scoring this much per word (say, one +3 word in three) fills its half of the bar. */
const FULL_BAR = 1;

function Terms({ title, terms }: { title: string; terms: Results['positiveTerms'] }) {
  return (
    <div className="grid gap-1">
      <h5 className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">{title}</h5>
      {terms.length === 0 ? (
        <p className="text-sm text-muted-foreground">None</p>
      ) : (
        <ul aria-label={title} className="flex flex-wrap gap-1.5">
          {terms.map((term) => (
            <li key={term.term} className="rounded border px-2 py-0.5 font-mono text-xs">
              {term.term} <span className="text-muted-foreground">{formatSigned(term.score)}</span>
              {term.count > 1 && <span className="text-muted-foreground"> ×{term.count}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The verdict, the per-sentence scores as bars either side of zero, and the words that weighed most. */
export function SentimentResults({ results }: { results: Results }) {
  const badge = SENTIMENT_BADGES[results.label];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Badge variant={badge.variant} data-testid="sentiment-label">
          <span className="sr-only">Sentiment: </span>
          {badge.label}
        </Badge>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Score</dt>
            <dd className="font-mono">{formatSigned(results.score)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Per word</dt>
            <dd className="font-mono">{formatSigned(results.comparative)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Words known to the lexicon</dt>
            <dd className="font-mono">
              {results.knownWordCount} of {results.wordCount}
            </dd>
          </div>
        </dl>
      </div>
      <p className="text-xs text-muted-foreground">
        Positive or negative when the score per word is at least {formatFigure(results.threshold)} from zero.
      </p>
      <ol aria-label="Sentences" className="grid gap-2">
        {results.sentences.map((sentence) => {
          const width = Math.min(1, Math.abs(sentence.comparative) / FULL_BAR) * 50;
          return (
            <li key={sentence.index} className="grid gap-1">
              <div className="flex items-start justify-between gap-3 text-sm">
                <span className="min-w-0 break-words">{sentence.text}</span>
                <span className="shrink-0 font-mono text-xs text-muted-foreground">
                  {formatSigned(sentence.score)}
                </span>
              </div>
              <div aria-hidden="true" className="relative h-1.5 rounded-full bg-muted">
                <span className="absolute inset-y-0 left-1/2 w-px bg-border" />
                <span
                  data-testid="sentence-bar"
                  className={cn(
                    'absolute inset-y-0 rounded-full',
                    sentence.comparative >= 0 ? 'left-1/2 bg-primary' : 'right-1/2 bg-red-400',
                  )}
                  style={{ width: `${width}%` }}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {results.sentenceCount > results.sentences.length && (
        <p className="text-xs text-muted-foreground">
          The first {results.sentences.length} of {results.sentenceCount} sentences are shown.
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Terms title="Strongest positive terms" terms={results.positiveTerms} />
        <Terms title="Strongest negative terms" terms={results.negativeTerms} />
      </div>
    </div>
  );
}
