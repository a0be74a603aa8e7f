import { z } from 'zod';
import { listQuerySchema } from './lists.js';
import { THREAT_CATEGORIES, THREAT_SEVERITIES, TLP_LEVELS } from './threats.js';

export const AI_ANALYSIS_TYPES = ['threat_assessment', 'pattern_analysis', 'sentiment_analysis'] as const;
export type AiAnalysisType = (typeof AI_ANALYSIS_TYPES)[number];

export const AI_ANALYSIS_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type AiAnalysisStatus = (typeof AI_ANALYSIS_STATUSES)[number];

/** A processing analysis is drawn at a fixed 65%: the job reports no progress of its own. */
export const AI_PROCESSING_PROGRESS = 65;

/** Bounds that keep one analysis a few milliseconds of work. */
export const AI_LIMITS = {
  text: 20_000,
  minDataPoints: 3,
  maxDataPoints: 10_000,
  /** Large enough for any real measurement, small enough that sums of squares stay exact-ish and finite. */
  maxAbsValue: 1e12,
  label: 100,
} as const;

export const AI_MESSAGES = {
  type: 'Type must be one of threat_assessment, pattern_analysis, sentiment_analysis',
  sentimentText: 'Text is required for sentiment analysis',
  threatText: 'Text is required for a threat assessment',
  textTooLong: `Text must be at most ${AI_LIMITS.text} characters`,
  dataPointsRequired: `Pattern analysis needs at least ${AI_LIMITS.minDataPoints} data points`,
  dataPointsTooMany: `Pattern analysis takes at most ${AI_LIMITS.maxDataPoints} data points`,
  dataPoint: `Each data point must be a number between -${AI_LIMITS.maxAbsValue} and ${AI_LIMITS.maxAbsValue}, or {value, timestamp?, label?}`,
  /** No image model runs locally, so an image is refused rather than answered with an invented result. */
  imageUnsupported:
    'Image analysis is not available: no local model reads images. Send text or data points instead',
} as const;

const value = z
  .number({ error: AI_MESSAGES.dataPoint })
  .min(-AI_LIMITS.maxAbsValue, AI_MESSAGES.dataPoint)
  .max(AI_LIMITS.maxAbsValue, AI_MESSAGES.dataPoint);

/**
 * A data point is a bare number or `{value, timestamp?, label?}`. Points are analysed in the order sent; the
 * timestamp or label only names a point on the chart and in the anomaly list.
 */
export const dataPointSchema = z.union(
  [
    value,
    z.object({
      value,
      timestamp: z.iso
        .datetime({ offset: true, error: 'A data point’s timestamp must be an ISO date-time' })
        .optional(),
      label: z
        .string()
        .trim()
        .max(AI_LIMITS.label, `A data point’s label must be at most ${AI_LIMITS.label} characters`)
        .optional(),
    }),
  ],
  { error: AI_MESSAGES.dataPoint },
);
export type DataPoint = z.infer<typeof dataPointSchema>;

/** What an analysis reads, as stored: only the part its type uses (the rest of a request is dropped). */
export interface AiAnalysisInput {
  text?: string;
  imageUrl?: string;
  dataPoints?: DataPoint[];
}

const TEXT_MESSAGE: Partial<Record<AiAnalysisType, string>> = {
  sentiment_analysis: AI_MESSAGES.sentimentText,
  threat_assessment: AI_MESSAGES.threatText,
};

/** `POST /api/ai/analysis`: a type and the input that type needs. */
export const createAiAnalysisRequestSchema = z
  .object({
    type: z.enum(AI_ANALYSIS_TYPES, { error: AI_MESSAGES.type }),
    inputData: z
      .object(
        {
          text: z.string({ error: 'Text must be a string' }).trim().optional(),
          imageUrl: z.string({ error: 'Image URL must be a string' }).trim().optional(),
          dataPoints: z.array(dataPointSchema, { error: 'Data points must be a list' }).optional(),
        },
        { error: 'Input data must be an object with text, imageUrl or dataPoints' },
      )
      .default({}),
  })
  .superRefine(({ type, inputData }, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: ['inputData', path], message });
    if (inputData.imageUrl) issue('imageUrl', AI_MESSAGES.imageUnsupported);
    const textMessage = TEXT_MESSAGE[type];
    if (textMessage) {
      if (!inputData.text) issue('text', textMessage);
      else if (inputData.text.length > AI_LIMITS.text) issue('text', AI_MESSAGES.textTooLong);
    } else {
      const count = inputData.dataPoints?.length ?? 0;
      if (count < AI_LIMITS.minDataPoints) issue('dataPoints', AI_MESSAGES.dataPointsRequired);
      else if (count > AI_LIMITS.maxDataPoints) issue('dataPoints', AI_MESSAGES.dataPointsTooMany);
    }
  })
  .transform(({ type, inputData }) => ({
    type,
    inputData: (type === 'pattern_analysis'
      ? { dataPoints: inputData.dataPoints! }
      : { text: inputData.text! }) satisfies AiAnalysisInput,
  }));
export type CreateAiAnalysisRequest = z.input<typeof createAiAnalysisRequestSchema>;

export const aiAnalysesQuerySchema = listQuerySchema;

// Results, one shape per analysis type.

export const SENTIMENT_LABELS = ['positive', 'negative', 'neutral'] as const;
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];
/** A text (or sentence) is positive or negative when its comparative score reaches this far from zero. */
export const SENTIMENT_LABEL_THRESHOLD = 0.05;

const sentimentTermSchema = z.object({
  term: z.string(),
  /** The term's total contribution to the score (negated when a negator precedes it). */
  score: z.number(),
  count: z.number().int(),
});

export const sentimentResultsSchema = z.object({
  label: z.enum(SENTIMENT_LABELS),
  /** Sum of the AFINN values (-5..5) of the words found. */
  score: z.number(),
  /** Score per word: comparable across texts of different lengths. */
  comparative: z.number(),
  wordCount: z.number().int(),
  /** Words the lexicon knows. */
  knownWordCount: z.number().int(),
  sentenceCount: z.number().int(),
  /** The first sentences (the list is capped; `sentenceCount` tells how many there were). */
  sentences: z.array(
    z.object({
      index: z.number().int(),
      text: z.string(),
      score: z.number(),
      comparative: z.number(),
      label: z.enum(SENTIMENT_LABELS),
    }),
  ),
  positiveTerms: z.array(sentimentTermSchema),
  negativeTerms: z.array(sentimentTermSchema),
  threshold: z.number(),
});
export type SentimentResults = z.infer<typeof sentimentResultsSchema>;

export const TREND_DIRECTIONS = ['rising', 'falling', 'flat'] as const;
export type TrendDirection = (typeof TREND_DIRECTIONS)[number];
/** Iglewicz and Hoaglin's cut-off for the modified z-score. */
export const ANOMALY_THRESHOLD = 3.5;
/**
 * A change point needs this effect size (mean shift over the pooled standard deviation). Cohen calls 0.8 large; the
 * bar sits higher because the split is the best of many tried, which flatters the shift in plain noise.
 */
export const CHANGE_POINT_MIN_EFFECT = 1.5;

export const patternResultsSchema = z.object({
  count: z.number().int(),
  min: z.number(),
  max: z.number(),
  mean: z.number(),
  median: z.number(),
  /** Sample standard deviation (n - 1). */
  standardDeviation: z.number(),
  trend: z.object({
    slope: z.number(),
    intercept: z.number(),
    rSquared: z.number(),
    direction: z.enum(TREND_DIRECTIONS),
  }),
  anomalyDetection: z.object({
    /** `mad`: 0.6745 (x - median) / MAD; `meanAbsoluteDeviation` when MAD is 0; `none` when every point is equal. */
    method: z.enum(['mad', 'meanAbsoluteDeviation', 'none']),
    mad: z.number(),
    threshold: z.number(),
  }),
  anomalies: z.array(
    z.object({
      index: z.number().int(),
      value: z.number(),
      robustZ: z.number(),
      label: z.string().nullable(),
    }),
  ),
  changePoints: z.array(
    z.object({
      /** The first point of the new segment. */
      index: z.number().int(),
      meanBefore: z.number(),
      meanAfter: z.number(),
      /** Shift over the pooled standard deviation; null when both segments are constant (an exact step). */
      effectSize: z.number().nullable(),
      label: z.string().nullable(),
    }),
  ),
});
export type PatternResults = z.infer<typeof patternResultsSchema>;

export const INDICATOR_TYPES = ['ipv4', 'ipv6', 'domain', 'url', 'email', 'md5', 'sha1', 'sha256'] as const;
export type IndicatorType = (typeof INDICATOR_TYPES)[number];

export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const threatResultsSchema = z.object({
  riskLevel: z.enum(RISK_LEVELS),
  /** Points from keyword cues and indicators (matched threats set the level directly; see `reasons`). */
  score: z.number(),
  /** Every finding that raised the level, in plain words. */
  reasons: z.array(z.string()),
  indicators: z.array(
    z.object({
      type: z.enum(INDICATOR_TYPES),
      /** Refanged and normalised as stored threat intelligence is. */
      value: z.string(),
      /** Written defanged in the text (hxxp, [.] and the like). */
      defanged: z.boolean(),
      matched: z.boolean(),
    }),
  ),
  keywordCues: z.array(
    z.object({
      cue: z.string(),
      category: z.enum(THREAT_CATEGORIES),
      weight: z.number().int(),
      count: z.number().int(),
    }),
  ),
  matchedThreats: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      severity: z.enum(THREAT_SEVERITIES),
      category: z.enum(THREAT_CATEGORIES),
      tlp: z.enum(TLP_LEVELS),
      matchedIndicators: z.array(z.string()),
    }),
  ),
  /** The matched threats' mitigations, most severe threat first, without repeats. */
  mitigations: z.array(z.string()),
});
export type ThreatResults = z.infer<typeof threatResultsSchema>;

export type AiAnalysisResults = SentimentResults | PatternResults | ThreatResults;

const analysisBase = {
  id: z.string(),
  status: z.enum(AI_ANALYSIS_STATUSES),
  /** 0 to 1; null until the analysis completes. */
  confidence: z.number().min(0).max(1).nullable(),
  /** Why it failed, when it did. */
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
};

const textInput = z.object({ text: z.string() });
const pointsInput = z.object({ dataPoints: z.array(dataPointSchema) });

export const aiAnalysisSchema = z.discriminatedUnion('type', [
  z.object({
    ...analysisBase,
    type: z.literal('sentiment_analysis'),
    inputData: textInput,
    results: sentimentResultsSchema.nullable(),
  }),
  z.object({
    ...analysisBase,
    type: z.literal('pattern_analysis'),
    inputData: pointsInput,
    results: patternResultsSchema.nullable(),
  }),
  z.object({
    ...analysisBase,
    type: z.literal('threat_assessment'),
    inputData: textInput,
    results: threatResultsSchema.nullable(),
  }),
]);
export type AiAnalysis = z.infer<typeof aiAnalysisSchema>;

/** Each type's results schema, for whoever stores or reads them. */
export const AI_RESULTS_SCHEMAS = {
  sentiment_analysis: sentimentResultsSchema,
  pattern_analysis: patternResultsSchema,
  threat_assessment: threatResultsSchema,
} as const satisfies Record<AiAnalysisType, z.ZodType>;
