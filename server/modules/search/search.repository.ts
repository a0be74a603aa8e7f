import { and, desc, gte, sql, type SQL } from 'drizzle-orm';
import type { SearchResultType } from '../../../contract/search.js';
import type { DbOrTx } from '../../db/client.js';
import {
  blogPosts,
  categories,
  digitalServices,
  investigationCatalog,
  products,
  searchLog,
  vendorApplications,
} from '../../db/schema/index.js';

/**
 * Each source is searched in two steps: at most CANDIDATES rows matching the full-text query or resembling the text
 * (trigram word similarity, for typos) are taken through their GIN indexes, and only those are ranked. A broad term
 * over a large catalogue therefore costs a bounded amount of work (issue: rank a bounded candidate set).
 */
const CANDIDATES = 100;
const GIN_SCAN_LIMIT = 2_000;
/** Trigram word similarity a name needs to be a typo candidate (checked then by edit distance). */
const FUZZY_TRIGRAM_THRESHOLD = 0.3;

/**
 * `fuzzy` false: the full-text query alone (the common case, cheap through the GIN index). `fuzzy` true: names
 * that resemble the text by trigram word similarity: the fallback for typos, only when full text found little.
 */
export interface Match {
  tsQuery: string | null;
  text: string;
  fuzzy: boolean;
}

/**
 * Two letters as a word prefix would expand to a large part of the vocabulary; for text that short, names that
 * start with it are what a user typing ahead expects, and a btree range on lower(name) finds them at once.
 */
const SHORT_TEXT = 3;

function startsWith(name: SQL, text: string): SQL {
  const pattern = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`lower(${name}) like ${pattern}`;
}

export type Hit = {
  type: SearchResultType;
  id: string;
  title: string;
  description: string;
  category: string | null;
  tier: number | null;
  price: string | null;
  slug: string | null;
  score: number;
};

/**
 * Typo tolerance (issue 18): the words of the typed text (split like the trigram words) that are within a few edits
 * of a word of the name, or of its beginning (still typing), as a share of the typed words. Four or five letters
 * allow one edit, six or more two (a transposition counts two: "themral" is two edits from "thermal"); shorter
 * words must be exact. Computed only for the few names the trigram index found.
 */
function closeness(name: SQL, text: string): SQL {
  const tolerance = sql`(case when length(q) >= 6 then 2 when length(q) >= 4 then 1 else 0 end)`;
  return sql`(select coalesce(avg((exists (
      select 1 from regexp_split_to_table(lower(${name}), '[^[:alnum:]]+') w
      where w <> '' and least(
        levenshtein_less_equal(q, w, ${tolerance}),
        levenshtein_less_equal(q, left(w, length(q)), ${tolerance})
      ) <= ${tolerance}))::int), 0)
    from regexp_split_to_table(${text}, '[^[:alnum:]]+') q where q <> '')`;
}

/** At least this share of the typed words must be close to a word of the name for a typo hit. */
const FUZZY_MIN_CLOSENESS = 0.5;

function matches(vector: SQL, name: SQL, match: Match): SQL {
  if (match.fuzzy) {
    return sql`${match.text} <% ${name} and ${closeness(name, match.text)} >= ${FUZZY_MIN_CLOSENESS}`;
  }
  if (match.text.length < SHORT_TEXT) return startsWith(name, match.text);
  return match.tsQuery ? sql`${vector} @@ to_tsquery('simple', ${match.tsQuery})` : sql`false`;
}

/** Full-text hits rank by ts_rank; typo hits by how much of the text they contain (word similarity). */
function score(vector: SQL, name: SQL, match: Match): SQL {
  if (match.fuzzy) {
    return sql`(${closeness(name, match.text)} + word_similarity(${match.text}, ${name}) / 10)`;
  }
  if (match.text.length < SHORT_TEXT) return sql`1.0 / length(${name})`;
  return match.tsQuery ? sql`ts_rank(${vector}, to_tsquery('simple', ${match.tsQuery}))` : sql`0`;
}

/** One source's best `limit` hits among its first CANDIDATES matches, tagged with the result type. */
function ranked(type: SearchResultType, candidates: SQL, limit: number): SQL {
  return sql`(select ${type}::text as type, c.* from (${candidates} limit ${CANDIDATES}) c
    order by score desc, title limit ${limit})`;
}

/**
 * The whole search in one statement (one round trip, one connection): the full-text branches; then, only when they
 * found fewer than `fuzzyBelow`, the trigram branches (a one-time filter, so PostgreSQL skips them otherwise); the
 * best `limit` of both; and the log entry with the number of results.
 */
export async function searchAndLog(
  db: DbOrTx,
  branches: { exact: SQL[]; fuzzy: SQL[] | null; fuzzyBelow: number },
  limit: number,
  log: { userId: string | null; query: string },
): Promise<Hit[]> {
  const exact = sql`select * from (${sql.join(branches.exact, sql` union all `)}) u
    order by score desc, title limit ${limit}`;
  const fuzzy = branches.fuzzy
    ? sql`union all select * from (${sql.join(branches.fuzzy, sql` union all `)}) f
        where (select count(*) from exact) < ${branches.fuzzyBelow}
          and not exists (select 1 from exact e where e.type = f.type and e.id = f.id)`
    : sql``;
  const statement = sql`
    with exact as (${exact}),
    hits as (select * from (select * from exact ${fuzzy}) a order by score desc, title limit ${limit}),
    logged as (
      insert into ${searchLog} (user_id, query, result_count) select ${log.userId}, ${log.query}, count(*) from hits
    )
    select * from hits order by score desc, title`;
  const result = await db.transaction(async (tx) => {
    // A broad word (two letters, a common kind) would otherwise have the GIN index collect every match before the
    // candidate limit applies: this caps what each full-text index scan returns. The log entry is statistics, so
    // the search does not wait for its commit to reach the disk.
    // The trigram step of the typo fallback only gathers candidates (the edit distance decides), so it may be
    // looser than the default 0.6: "themral" shares only 0.375 of its trigrams with "thermal".
    await tx.execute(
      sql`select set_config('gin_fuzzy_search_limit', ${String(GIN_SCAN_LIMIT)}, true),
        set_config('synchronous_commit', 'off', true),
        set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_TRIGRAM_THRESHOLD)}, true)`,
    );
    return tx.execute<Hit>(statement);
  });
  return result.rows.map((row) => ({ ...row, score: Number(row.score) }));
}

export interface Filters {
  category?: string;
  maxTier?: number;
  minPrice?: number;
  maxPrice?: number;
}

/** Approved products only (vendor products wait for a Director). */
export function searchProducts(match: Match, filters: Filters, limit: number): SQL {
  const where: SQL[] = [
    matches(sql`p.search_vector`, sql`p.name`, match),
    sql`p.approval_status = 'approved'`,
  ];
  if (filters.category) where.push(sql`c.slug = ${filters.category}`);
  if (filters.maxTier !== undefined) where.push(sql`p.minimum_tier <= ${filters.maxTier}`);
  if (filters.minPrice !== undefined) where.push(sql`p.price >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) where.push(sql`p.price <= ${filters.maxPrice}`);
  return ranked(
    'product',
    sql`select p.id::text as id, p.name as title, left(p.description, 200) as description, c.name as category,
          p.minimum_tier as tier, p.price::text as price, p.slug as slug,
          ${score(sql`p.search_vector`, sql`p.name`, match)} as score
        from ${products} p join ${categories} c on c.id = p.category_id
        where ${sql.join(where, sql` and `)}`,
    limit,
  );
}

export function searchServices(match: Match, filters: Filters, limit: number): SQL {
  const where: SQL[] = [matches(sql`s.search_vector`, sql`s.name`, match)];
  if (filters.category) where.push(sql`s.category::text = ${filters.category}`);
  if (filters.maxTier !== undefined) where.push(sql`s.minimum_tier <= ${filters.maxTier}`);
  return ranked(
    'service',
    sql`select s.id as id, s.name as title, s.short_description as description, s.category::text as category,
          s.minimum_tier as tier, null::text as price, null::text as slug,
          ${score(sql`s.search_vector`, sql`s.name`, match)} as score
        from ${digitalServices} s where ${sql.join(where, sql` and `)}`,
    limit,
  );
}

export function searchInvestigations(match: Match, filters: Filters, limit: number): SQL {
  const where: SQL[] = [matches(sql`i.search_vector`, sql`i.name`, match)];
  if (filters.category) where.push(sql`i.category = ${filters.category}`);
  if (filters.maxTier !== undefined) where.push(sql`i.minimum_tier <= ${filters.maxTier}`);
  return ranked(
    'investigation',
    sql`select i.id::text as id, i.name as title, i.description as description, i.category as category,
          i.minimum_tier as tier, null::text as price, null::text as slug,
          ${score(sql`i.search_vector`, sql`i.name`, match)} as score
        from ${investigationCatalog} i where ${sql.join(where, sql` and `)}`,
    limit,
  );
}

/** Blog posts by title and excerpt only; their tier is what the classification asks (PUBLIC 0, TIER_n n). */
export function searchBlog(match: Match, filters: Filters, limit: number): SQL {
  const tier = sql`case b.classification when 'PUBLIC' then 0 when 'TIER_1' then 1 else 2 end`;
  const where: SQL[] = [matches(sql`b.search_vector`, sql`b.title`, match), sql`b.published_at is not null`];
  if (filters.category) where.push(sql`b.category::text = ${filters.category}`);
  if (filters.maxTier !== undefined) where.push(sql`${tier} <= ${filters.maxTier}`);
  return ranked(
    'blog',
    sql`select b.id::text as id, b.title as title, b.excerpt as description, b.category::text as category,
          ${tier} as tier, null::text as price, b.slug as slug,
          ${score(sql`b.search_vector`, sql`b.title`, match)} as score
        from ${blogPosts} b where ${sql.join(where, sql` and `)}`,
    limit,
  );
}

/** Approved vendors only. */
export function searchVendors(match: Match, filters: Filters, limit: number): SQL {
  const where: SQL[] = [
    matches(sql`v.search_vector`, sql`v.company_name`, match),
    sql`v.status = 'APPROVED'`,
  ];
  if (filters.category) where.push(sql`v.business_type::text = ${filters.category}`);
  return ranked(
    'vendor',
    sql`select v.id::text as id, v.company_name as title, left(v.description, 200) as description,
          v.business_type::text as category, null::int as tier, null::text as price, null::text as slug,
          ${score(sql`v.search_vector`, sql`v.company_name`, match)} as score
        from ${vendorApplications} v where ${sql.join(where, sql` and `)}`,
    limit,
  );
}

/** Marks the latest logged search of this text (by this user, when signed in) as clicked. */
export async function markClicked(db: DbOrTx, userId: string | null, query: string): Promise<void> {
  await db.execute(sql`
    update ${searchLog} set clicked = true where id = (
      select id from ${searchLog}
      where query = ${query} and ${userId === null ? sql`user_id is null` : sql`user_id = ${userId}`}
        and created_at > now() - interval '1 hour'
      order by created_at desc limit 1)`);
}

export async function trending(db: DbOrTx, since: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ query: searchLog.query })
    .from(searchLog)
    .where(and(gte(searchLog.createdAt, since), sql`${searchLog.resultCount} > 0`))
    .groupBy(searchLog.query)
    .orderBy(desc(sql`count(*)`), searchLog.query)
    .limit(limit);
  return rows.map((row) => row.query);
}
