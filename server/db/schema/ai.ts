import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  AI_ANALYSIS_STATUSES,
  AI_ANALYSIS_TYPES,
  type AiAnalysisInput,
  type AiAnalysisResults,
} from '../../../contract/ai.js';
import { createdAt, updatedAt } from './columns.js';
import { users } from './users.js';

export const aiAnalysisTypeEnum = pgEnum('ai_analysis_type', AI_ANALYSIS_TYPES);
export const aiAnalysisStatusEnum = pgEnum('ai_analysis_status', AI_ANALYSIS_STATUSES);

export const aiAnalyses = pgTable(
  'ai_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: aiAnalysisTypeEnum('type').notNull(),
    inputData: jsonb('input_data').$type<AiAnalysisInput>().notNull(),
    /** Moved on by the background job (`ai.run-analysis`), not by the request that created it. */
    status: aiAnalysisStatusEnum('status').notNull().default('pending'),
    /** Null until the job has a result. */
    confidence: doublePrecision('confidence'),
    results: jsonb('results').$type<AiAnalysisResults>(),
    /** Why a failed analysis failed, safe to show its owner. */
    error: text('error'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('ai_analyses_confidence_range', sql`${t.confidence} between 0 and 1`),
    check('ai_analyses_input_object', sql`jsonb_typeof(${t.inputData}) = 'object'`),
    index('ai_analyses_user_created_idx').on(t.userId, t.createdAt),
  ],
);
