export const AI_ANALYSIS_TYPES = ['threat_assessment', 'pattern_analysis', 'sentiment_analysis'] as const;
export type AiAnalysisType = (typeof AI_ANALYSIS_TYPES)[number];

export const AI_ANALYSIS_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type AiAnalysisStatus = (typeof AI_ANALYSIS_STATUSES)[number];

/** The spec draws a processing analysis at a fixed 65% (section 9). */
export const AI_PROCESSING_PROGRESS = 65;

export interface AiAnalysisInput {
  text?: string;
  imageUrl?: string;
  dataPoints?: unknown[];
}

export type AiAnalysisResults = Record<string, unknown>;
