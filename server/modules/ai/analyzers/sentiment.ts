import Sentiment from 'sentiment';
import {
  SENTIMENT_LABEL_THRESHOLD,
  type SentimentLabel,
  type SentimentResults,
} from '../../../../contract/ai.js';
import { clamp01, confidenceOf, round, type AnalyzerOutcome } from './shared.js';

// The AFINN-165 lexicon ships inside the package; nothing is fetched at run time. No `extras` are ever passed:
// the package merges them into its shared word list, which would make one analysis change the next.
const lexicon = new Sentiment();

/** Sentences listed in the results; the totals still cover the whole text. */
export const MAX_SENTENCES = 200;
const MAX_SENTENCE_CHARS = 300;
/** Strongest terms listed on each side. */
export const MAX_TERMS = 5;
/**
 * The share of a text's words the lexicon must know before it counts as full evidence. Ordinary prose carries
 * sentiment in roughly one word of ten; a fifth is a text that is clearly opinionated.
 */
const FULL_COVERAGE = 0.2;
/** A comparative score this far from zero is as clear a verdict as AFINN gives (one strong word in ten). */
const FULL_STRENGTH = 0.5;

export function labelFor(comparative: number): SentimentLabel {
  if (comparative >= SENTIMENT_LABEL_THRESHOLD) return 'positive';
  if (comparative <= -SENTIMENT_LABEL_THRESHOLD) return 'negative';
  return 'neutral';
}

/** Splits after sentence-ending punctuation and at line breaks. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

interface Term {
  term: string;
  score: number;
  count: number;
}

function strongest(terms: Map<string, Term>, sign: 1 | -1): Term[] {
  return [...terms.values()]
    .filter((term) => Math.sign(term.score) === sign)
    .sort((a, b) => sign * (b.score - a.score) || b.count - a.count || a.term.localeCompare(b.term))
    .slice(0, MAX_TERMS);
}

/**
 * Lexicon-based sentiment (AFINN-165 through the `sentiment` package, which also flips a word after a negator such
 * as "not"). Each sentence is scored on its own; the text's score is their sum and its comparative score is that
 * sum per word. Labels: comparative >= 0.05 positive, <= -0.05 negative, otherwise neutral (sentences likewise).
 *
 * Confidence = 0.1 + 0.85 x coverage x (0.5 + 0.5 x strength), capped at 0.95, where coverage is the share of words
 * the lexicon knows over 0.2 (capped at 1) and strength is |comparative| / 0.5 (capped at 1) for a positive or
 * negative verdict, or 1 - |comparative| / 0.05 for a neutral one. So a text the lexicon barely knows stays near
 * 0.1 whatever its score, and a clear verdict on well-covered text approaches 0.95.
 */
export function analyzeSentiment(text: string): AnalyzerOutcome<SentimentResults> {
  const sentences = splitSentences(text);
  const terms = new Map<string, Term>();
  let score = 0;
  let wordCount = 0;
  let knownWordCount = 0;
  const scored = sentences.map((sentence, index) => {
    const result = lexicon.analyze(sentence);
    const words = result.tokens.filter(Boolean).length;
    score += result.score;
    wordCount += words;
    // `calculation` lists each known word once per occurrence, with its score after negation.
    for (const entry of result.calculation) {
      for (const [term, value] of Object.entries(entry)) {
        knownWordCount += 1;
        const known = terms.get(term) ?? { term, score: 0, count: 0 };
        known.score += value;
        known.count += 1;
        terms.set(term, known);
      }
    }
    const comparative = words > 0 ? result.score / words : 0;
    return {
      index,
      text: sentence.length > MAX_SENTENCE_CHARS ? `${sentence.slice(0, MAX_SENTENCE_CHARS - 1)}…` : sentence,
      score: result.score,
      comparative: round(comparative),
      label: labelFor(comparative),
    };
  });

  const comparative = wordCount > 0 ? score / wordCount : 0;
  const label = labelFor(comparative);
  const coverage = wordCount > 0 ? clamp01(knownWordCount / wordCount / FULL_COVERAGE) : 0;
  const strength =
    label === 'neutral'
      ? 1 - clamp01(Math.abs(comparative) / SENTIMENT_LABEL_THRESHOLD)
      : clamp01(Math.abs(comparative) / FULL_STRENGTH);

  return {
    confidence: confidenceOf(Math.min(0.95, 0.1 + 0.85 * coverage * (0.5 + 0.5 * strength))),
    results: {
      label,
      score,
      comparative: round(comparative),
      wordCount,
      knownWordCount,
      sentenceCount: sentences.length,
      sentences: scored.slice(0, MAX_SENTENCES),
      positiveTerms: strongest(terms, 1),
      negativeTerms: strongest(terms, -1),
      threshold: SENTIMENT_LABEL_THRESHOLD,
    },
  };
}
