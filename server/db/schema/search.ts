import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, nonNegative, trigramIndex } from './columns.js';
import { users } from './users.js';

/** One row a search, feeding trending searches and the analytics Search tab. */
export const searchLog = pgTable(
  'search_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for anonymous visitors; set null keeps the statistics when an account goes. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Trimmed and lower-cased, so the same words group together. */
    query: text('query').notNull(),
    resultCount: integer('result_count').notNull(),
    /** Whether a result was opened: the click rate of top queries. */
    clicked: boolean('clicked').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    nonNegative('search_log_result_count_non_negative', t.resultCount),
    // Trending and analytics both group the queries of a recent window.
    index('search_log_created_query_idx').on(t.createdAt, t.query),
  ],
);

/**
 * The search's word list (decision 015): each lexeme of the searched tables' search vectors except bare numbers,
 * with how many rows use it and how many in their name (weight A). Kept by triggers on the five searched tables
 * (migration 0020); typed beginnings are expanded to its words, and typed words corrected against it.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    uses: integer('uses').notNull(),
    named: integer('named').notNull(),
  },
  (t) => [
    trigramIndex('search_words_word_trgm_idx', t.word),
    index('search_words_word_prefix_idx').using('btree', sql`${t.word} text_pattern_ops`),
  ],
);
