import { and, desc, gte, sql, type SQL } from 'drizzle-orm';
import type { SearchResultType } from '../../../contract/search.js';
import type { DbOrTx } from '../../db/client.js';
import { MAX_EXPANSIONS, type TypoQueries, type WordForms } from '../../lib/search-text.js';
import {
  blogPosts,
  categories,
  digitalServices,
  investigationCatalog,
  products,
  searchLog,
  searchWords,
  vendorApplications,
} from '../../db/schema/index.js';

/**
 * Each source is searched in two steps: at most CANDIDATES rows matching the full-text query are taken through its
 * GIN index, and only those are ranked. A broad term over a large catalogue therefore costs a bounded amount of work.
 */
const CANDIDATES = 100;
/**
 * Trigram word similarity a name word needs to be a typo candidate for a typed word (checked then by edit
 * distance). Looser than pg_trgm's default 0.6: "themral" shares only 0.375 of its trigrams with "thermal".
 */
const FUZZY_TRIGRAM_THRESHOLD = 0.3;

/**
 * `fuzzy` false: the full-text query (`query`, the common case, cheap through the GIN index). `fuzzy` true: the
 * typo fallback (`typo`), only when full text found little. Both are in the input form of the tsquery type, built
 * from the word list by lib/search-text.ts.
 */
export interface Match {
  text: string;
  query: string | null;
  typo: TypoQueries | null;
  fuzzy: boolean;
}

/**
 * Two letters as a word prefix would expand to a large part of the vocabulary; for text that short, names that
 * start with it are what a user typing ahead expects, and a btree range on lower(name) finds them at once.
 */
export const SHORT_TEXT = 3;

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
 * What the word list knows of each typed word: the lexemes it begins (at most MAX_EXPANSIONS + 1, through the
 * btree range on `word`), and, for a word of four or more letters, the words of names that resemble it (trigram
 * word similarity, through the trigram index) within a few edits of it or of their beginning (still typing): four
 * or five letters allow one edit, six or more two (a transposition counts two: "themral" is two edits from
 * "thermal"). Shorter words, and words with digits, are never corrected. A short list however large the catalogue.
 */
/**
 * The first string after every string that begins with `word` (its last character one code point up): the end of
 * the btree range, computed here so the SQL needs no character beyond what the database's encoding can hold.
 */
function prefixEnd(word: string): string {
  const chars = [...word];
  const last = chars.pop();
  return last === undefined ? word : chars.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
}

async function wordForms(tx: DbOrTx, words: string[]): Promise<WordForms[]> {
  const tolerance = sql`(case when length(t.q) >= 6 then 2 when length(t.q) >= 4 then 1 else 0 end)`;
  const result = await tx.execute<{ expansions: string[]; corrections: string[] }>(sql`
    select
      array(select s.word from ${searchWords} s
        where s.word ~>=~ t.q and s.word ~<~ t.q_end and starts_with(s.word, t.q)
        limit ${MAX_EXPANSIONS + 1}) as expansions,
      array(select s.word from ${searchWords} s
        where t.q ~ '^[[:alpha:]]{4,}$' and t.q <% s.word and s.named > 0 and s.word <> t.q
          and least(
            levenshtein_less_equal(t.q, s.word, ${tolerance}),
            levenshtein_less_equal(t.q, left(s.word, length(t.q)), ${tolerance})
          ) <= ${tolerance}
        order by s.word) as corrections
    from unnest(
      string_to_array(${words.join(' ')}, ' '),
      string_to_array(${words.map(prefixEnd).join(' ')}, ' ')
    ) with ordinality t(q, q_end, n)
    order by t.n`);
  return result.rows;
}

/** What a source is made of: its columns (without the score), its rows, its own filters and its search vector. */
interface Source {
  type: SearchResultType;
  columns: SQL;
  from: SQL;
  where: SQL[];
  vector: SQL;
  name: SQL;
}

function select(source: Source, where: SQL, score: SQL): SQL {
  return sql`select ${source.columns}, ${score} as score from ${source.from}
    where ${sql.join([where, ...source.where], sql` and `)} limit ${CANDIDATES}`;
}

/** At least this share of the typed words must be found for a typo hit. */
const FUZZY_MIN_SHARE = 0.5;

/**
 * One source's candidates, each query capped at CANDIDATES rows before anything is ranked. Full text ranks by
 * ts_rank; the typo fallback takes names with every typed word found first (score 1 and up), then, when more than
 * one word was typed, names with at least half of them (the share found).
 */
function candidates(source: Source, match: Match): SQL {
  const { vector, name } = source;
  if (!match.fuzzy) {
    if (match.text.length < SHORT_TEXT) {
      return select(source, startsWith(name, match.text), sql`1.0 / length(${name})`);
    }
    if (!match.query) return select(source, sql`false`, sql`0`);
    const query = sql`${match.query}::tsquery`;
    return select(source, sql`${vector} @@ ${query}`, sql`ts_rank(${vector}, ${query})`);
  }
  const typo = match.typo;
  if (!typo) return select(source, sql`false`, sql`0`);
  const all = typo.all === null ? null : sql`${typo.all}::tsquery`;
  const every = all && select(source, sql`${vector} @@ ${all}`, sql`1 + ts_rank(${vector}, ${all}) / 10`);
  if (typo.words < 2) return every ?? select(source, sql`false`, sql`0`);
  const any = sql`${typo.any}::tsquery`;
  const found = sql.join(
    typo.each.map((group) => sql`(${vector} @@ ${group}::tsquery)::int`),
    sql` + `,
  );
  const share = sql`(${found})::float / ${typo.words}`;
  const some = select(
    source,
    sql`${vector} @@ ${any} ${all ? sql`and not ${vector} @@ ${all}` : sql``} and ${share} >= ${FUZZY_MIN_SHARE}`,
    sql`${share} + ts_rank(${vector}, ${any}) / 10`,
  );
  return every ? sql`(${every}) union all (${some})` : some;
}

/** One source's best `limit` hits among its candidates, tagged with the result type. */
function ranked(source: Source, match: Match, limit: number): SQL {
  return sql`(select ${source.type}::text as type, c.* from (${candidates(source, match)}) c
    order by score desc, title limit ${limit})`;
}

/** The branches of one search, built once the word list has been read (`forms` is empty for short text). */
export interface Plan {
  exact: SQL[];
  fuzzy: SQL[] | null;
  fuzzyBelow: number;
}

/**
 * The whole search in one transaction: the word list's forms of the typed words, then one statement (one round
 * trip) with the full-text branches; only when they found fewer than `fuzzyBelow`, the typo branches (a one-time
 * filter, so PostgreSQL skips them otherwise); the best `limit` of both; and the log entry with the number of
 * results.
 */
export async function searchAndLog(
  db: DbOrTx,
  /**
   * `words`: looked up in the word list (none for short text). `ginScanLimit`: gin_fuzzy_search_limit, so a broad
   * word does not have the GIN index collect every match before the candidate limit applies (most of a broad
   * search's cost); it thins each word's matches at random, so with several words, whose matches must meet, it has
   * to be higher or off (0).
   */
  typed: { words: string[]; ginScanLimit: number },
  plan: (forms: WordForms[]) => Plan,
  limit: number,
  log: { userId: string | null; query: string },
): Promise<Hit[]> {
  const result = await db.transaction(async (tx) => {
    // The log entry is statistics, so the search does not wait for its commit to reach the disk. The statement is
    // prepared (db/client.ts) and runs on its generic plan: every search of a shape has the same plan, with the
    // typed words as parameters, since planning this union cost more than running it.
    await tx.execute(
      sql`select set_config('synchronous_commit', 'off', true),
        set_config('plan_cache_mode', 'force_generic_plan', true),
        set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_TRIGRAM_THRESHOLD)}, true),
        set_config('gin_fuzzy_search_limit', ${String(typed.ginScanLimit)}, true)`,
    );
    const branches = plan(typed.words.length > 0 ? await wordForms(tx, typed.words) : []);
    const exact = sql`select * from (${sql.join(branches.exact, sql` union all `)}) u
      order by score desc, title limit ${limit}`;
    const fuzzy = branches.fuzzy
      ? sql`union all select * from (${sql.join(branches.fuzzy, sql` union all `)}) f
          where (select count(*) from exact) < ${branches.fuzzyBelow}
            and not exists (select 1 from exact e where e.type = f.type and e.id = f.id)`
      : sql``;
    return tx.execute<Hit>(sql`
      with exact as (${exact}),
      hits as (select * from (select * from exact ${fuzzy}) a order by score desc, title limit ${limit}),
      logged as (
        insert into ${searchLog} (user_id, query, result_count) select ${log.userId}, ${log.query}, count(*) from hits
      )
      select * from hits order by score desc, title`);
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
  const where: SQL[] = [sql`p.approval_status = 'approved'`];
  if (filters.category) where.push(sql`c.slug = ${filters.category}`);
  if (filters.maxTier !== undefined) where.push(sql`p.minimum_tier <= ${filters.maxTier}`);
  if (filters.minPrice !== undefined) where.push(sql`p.price >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) where.push(sql`p.price <= ${filters.maxPrice}`);
  return ranked(
    {
      type: 'product',
      columns: sql`p.id::text as id, p.name as title, left(p.description, 200) as description, c.name as category,
          p.minimum_tier as tier, p.price::text as price, p.slug as slug`,
      from: sql`${products} p join ${categories} c on c.id = p.category_id`,
      where,
      vector: sql`p.search_vector`,
      name: sql`p.name`,
    },
    match,
    limit,
  );
}

export function searchServices(match: Match, filters: Filters, limit: number): SQL {
  const where: SQL[] = [];
  if (filters.category) where.push(sql`s.category::text = ${filters.category}`);
  if (filters.maxTier !== undefined) where.push(sql`s.minimum_tier <= ${filters.maxTier}`);
  return ranked(
    {
      type: 'service',
      columns: sql`s.id as id, s.name as title, s.short_description as description, s.category::text as category,
          s.minimum_tier as tier, null::text as price, null::text as slug`,
      from: sql`${digitalServices} s`,
      where,
      vector: sql`s.search_vector`,
      name: sql`s.name`,
    },
    match,
    limit,
  );
}

export function searchInvestigations(match: Match, filters: Filters, limit: number): SQL {
  const where: SQL[] = [];
  if (filters.category) where.push(sql`i.category = ${filters.category}`);
  if (filters.maxTier !== undefined) where.push(sql`i.minimum_tier <= ${filters.maxTier}`);
  return ranked(
    {
      type: 'investigation',
      columns: sql`i.id::text as id, i.name as title, i.description as description, i.category as category,
          i.minimum_tier as tier, null::text as price, null::text as slug`,
      from: sql`${investigationCatalog} i`,
      where,
      vector: sql`i.search_vector`,
      name: sql`i.name`,
    },
    match,
    limit,
  );
}

/** Blog posts by title and excerpt only; their tier is what the classification asks (PUBLIC 0, TIER_n n). */
export function searchBlog(match: Match, filters: Filters, limit: number): SQL {
  const tier = sql`case b.classification when 'PUBLIC' then 0 when 'TIER_1' then 1 else 2 end`;
  const where: SQL[] = [sql`b.published_at is not null`];
  if (filters.category) where.push(sql`b.category::text = ${filters.category}`);
  if (filters.maxTier !== undefined) where.push(sql`${tier} <= ${filters.maxTier}`);
  return ranked(
    {
      type: 'blog',
      columns: sql`b.id::text as id, b.title as title, b.excerpt as description, b.category::text as category,
          ${tier} as tier, null::text as price, b.slug as slug`,
      from: sql`${blogPosts} b`,
      where,
      vector: sql`b.search_vector`,
      name: sql`b.title`,
    },
    match,
    limit,
  );
}

/** Approved vendors only. */
export function searchVendors(match: Match, filters: Filters, limit: number): SQL {
  const where: SQL[] = [sql`v.status = 'APPROVED'`];
  if (filters.category) where.push(sql`v.business_type::text = ${filters.category}`);
  return ranked(
    {
      type: 'vendor',
      columns: sql`v.id::text as id, v.company_name as title, left(v.description, 200) as description,
          v.business_type::text as category, null::int as tier, null::text as price, null::text as slug`,
      from: sql`${vendorApplications} v`,
      where,
      vector: sql`v.search_vector`,
      name: sql`v.company_name`,
    },
    match,
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
