import { createHash } from 'node:crypto';
import { and, desc, fillPlaceholders, gte, is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { SearchResultType } from '../../../contract/search.js';
import { createPool, type DbOrTx } from '../../db/client.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { CoherentCache, type ChangeFeed } from '../../infra/change-feed.js';
import {
  fullTextQuery,
  isBareNumber,
  MAX_EXPANSIONS,
  typoQueries,
  type WordForms,
} from '../../lib/search-text.js';
import {
  blogPosts,
  categories,
  digitalServices,
  investigationCatalog,
  products,
  SEARCH_BUCKETS,
  searchBucket,
  searchLog,
  searchWords,
  users,
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
/** At least this share of the typed words must be found for a typo hit. */
const FUZZY_MIN_SHARE = 0.5;

/**
 * Two letters as a word prefix would expand to a large part of the vocabulary; for text that short, names that
 * start with it are what a user typing ahead expects, and a btree range on lower(name) finds them at once (the
 * products' index; the other sources are a few rows each).
 */
const SHORT_TEXT = 3;

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

export interface Filters {
  category?: string;
  maxTier?: number;
  minPrice?: number;
  maxPrice?: number;
}

/**
 * Searches run on pools of their own, one per GIN scan limit, whose connections start with the settings every
 * search statement wants, so a search opens no transaction and sends no statement to set them:
 * - generic plans: the statement is prepared per connection and planned once, with the typed words as
 *   parameters, since planning this union cost more than running it (decision 015);
 * - no wait for the log row's commit to reach the disk (the log is statistics);
 * - the trigram similarity a name word needs to be a typo candidate (`<%` in the word lookup);
 * - gin_fuzzy_search_limit, which depends on the number of words and the filters (search.service.ts): three values
 *   in use, so three pools at most (decision 029).
 */
const SEARCH_POOL_SIZE = 5;
/**
 * What the word list says of a typed word changes only when a word is added or removed or becomes or stops being a
 * name word, which the list's triggers announce (migration 0023): until then it is kept, at most this long (the
 * change feed's caches are used only while the feed is live).
 */
const FORMS_TTL_MS = 10 * 60_000;
const MAX_FORMS = 10_000;
/** Bare numbers are not in the word list and never corrected: what it knows of one is nothing. */
const NO_FORMS: WordForms = Object.freeze({ expansions: [], corrections: [] });

/**
 * The search's connections, what it has read of the word list (the forms of typed words), and its log: the search
 * module's per-app state (search.state.ts), or a test's own.
 */
export class SearchStore {
  private readonly pools = new Map<number, pg.Pool>();
  readonly forms: CoherentCache<WordForms>;
  readonly log: SearchLogWriter;

  constructor(
    /** Null for a context given no database URL (a CLI command): such a context cannot search. */
    private readonly url: string | null,
    feed: ChangeFeed,
    onLogError: (error: unknown) => void = () => {},
    /** How long a log entry waits for others (LOG_FLUSH_MS; a test sets its own). */
    logFlushMs = LOG_FLUSH_MS,
  ) {
    this.forms = new CoherentCache(feed, FORMS_TTL_MS, MAX_FORMS);
    feed.onChange((topic) => {
      if (topic === 'words') this.forms.clear();
    });
    this.log = new SearchLogWriter(() => this.pool(0), onLogError, logFlushMs);
  }

  /** The pool whose connections have this GIN scan limit. */
  pool(ginScanLimit: number): pg.Pool {
    let pool = this.pools.get(ginScanLimit);
    if (!pool) {
      if (this.url === null) throw new Error('search needs the database URL in its context');
      pool = createPool(this.url, SEARCH_POOL_SIZE, {
        plan_cache_mode: 'force_generic_plan',
        synchronous_commit: 'off',
        'pg_trgm.word_similarity_threshold': String(FUZZY_TRIGRAM_THRESHOLD),
        gin_fuzzy_search_limit: String(ginScanLimit),
      });
      this.pools.set(ginScanLimit, pool);
    }
    return pool;
  }

  /** Writes the log's last entries, then closes the connections (opened again if it is used after). */
  async end(): Promise<void> {
    await this.log.flush();
    await Promise.all([...this.pools.values()].map((pool) => pool.end()));
    this.pools.clear();
  }
}

/** One search, as the log keeps it. */
export interface LogEntry {
  userId: string | null;
  query: string;
  resultCount: number;
  at: Date;
}

/** How long a search's log entry waits to be written with others, at most; and how many make a write at once. */
const LOG_FLUSH_MS = 1_000;
const LOG_BATCH = 500;

/**
 * The search log, written in batches: one insert a second (or every LOG_BATCH searches) instead of one per search,
 * which made every search a writing transaction (decision 030). An entry keeps the time of its search. The log is
 * statistics, written without waiting for the disk (synchronous_commit off, as before); a crash loses at most the
 * last second of it, as an unflushed commit could already. An entry of an account deleted (or gone) before its
 * write is kept without the account, as the deletion does with the others (account-deletion.repository.ts).
 */
export class SearchLogWriter {
  private pending: LogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly errorListeners: ((error: unknown) => void)[];

  constructor(
    private readonly pool: () => pg.Pool,
    onError: (error: unknown) => void,
    private readonly flushMs = LOG_FLUSH_MS,
  ) {
    this.errorListeners = [onError];
  }

  /** Also tells `listener` of each batch not written (the app's log: the writer is made before the app). */
  onError(listener: (error: unknown) => void): void {
    this.errorListeners.push(listener);
  }

  add(entry: LogEntry): void {
    this.pending.push(entry);
    if (this.pending.length >= LOG_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
  }

  /** Writes what is pending; resolves once every entry added before the call is written (or failed). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) {
      this.writing = this.writing
        .then(() => this.write(batch))
        .catch((error: unknown) => {
          for (const listener of this.errorListeners) listener(error);
        });
    }
    return this.writing;
  }

  private async write(batch: LogEntry[]): Promise<void> {
    await run(this.pool(), logInsert, {
      userIds: batch.map((entry) => entry.userId),
      queries: batch.map((entry) => entry.query),
      counts: batch.map((entry) => entry.resultCount),
      times: batch.map((entry) => entry.at),
    });
  }
}

/**
 * A statement's text, built once (by drizzle, from `sql` with placeholders) and named for PostgreSQL's prepared
 * statements, and its parameters with placeholders where a search's values go.
 */
interface Statement {
  name: string;
  text: string;
  params: unknown[];
}

const dialect = new PgDialect();
const $ = (name: string) => sql.placeholder(name);

/**
 * drizzle numbers each occurrence of a placeholder as a parameter of its own; here every occurrence of a name is one
 * parameter, so PostgreSQL receives and parses each value once (a typed word's query is used by every part of every
 * source: 30 of a one-word statement's 99 parameters were the same query). Other values (the statement's constants)
 * keep a parameter each (decision 028).
 */
function prepare(query: SQL): Statement {
  const built = dialect.sqlToQuery(query);
  const params: unknown[] = [];
  const numbers = new Map<string, number>();
  const text = built.sql.replace(/\$(\d+)\b/g, (_, n: string) => {
    const param = built.params[Number(n) - 1];
    if (!is(param, Placeholder)) return `$${params.push(param)}`;
    let number = numbers.get(param.name);
    if (number === undefined) numbers.set(param.name, (number = params.push(param)));
    return `$${number}`;
  });
  return { name: `q${createHash('sha1').update(text).digest('base64url')}`, text, params };
}

async function run<T extends pg.QueryResultRow>(
  client: pg.Pool | pg.PoolClient,
  statement: Statement,
  values: Record<string, unknown>,
): Promise<T[]> {
  const { name, text, params } = statement;
  return (await client.query<T>({ name, text, values: fillPlaceholders(params, values) })).rows;
}

/** A batch of the search log (SearchLogWriter). */
const logInsert = prepare(sql`insert into ${searchLog} (user_id, query, result_count, created_at)
  select case when u.deleted_at is null then u.id end, t.query, t.result_count, t.created_at
  from unnest(${$('userIds')}::uuid[], ${$('queries')}::text[], ${$('counts')}::int[],
    ${$('times')}::timestamptz[]) t(user_id, query, result_count, created_at)
    left join ${users} u on u.id = t.user_id`);

/**
 * The first string after every string that begins with `word` (its last character one code point up): the end of
 * the btree range, computed here so the SQL needs no character beyond what the database's encoding can hold.
 */
function prefixEnd(word: string): string {
  const chars = [...word];
  const last = chars.pop();
  return last === undefined ? word : chars.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
}

/**
 * What the word list knows of each typed word: the lexemes it begins (at most MAX_EXPANSIONS + 1, through the btree range on
 * `word`), and, for a word of four or more letters, the words of names that resemble it (trigram word similarity,
 * through the trigram index) within a few edits of it or of their beginning (still typing): four or five letters
 * allow one edit, six or more two (a transposition counts two: "themral" is two edits from "thermal"). Shorter
 * words, and words with digits, are never corrected. A short list however large the catalogue, but the corrections
 * compare the typed word with every word of the list (about 1.2 ms a word of four letters or more at 1,062 words;
 * the trigram index reads about as much at a threshold this low), which is why the answers are kept (SearchStore).
 */
const wordForms = (() => {
  const tolerance = sql`(case when length(t.q) >= 6 then 2 when length(t.q) >= 4 then 1 else 0 end)`;
  return prepare(sql`
    select (select json_agg(json_build_object(
        'expansions', array(select s.word from ${searchWords} s
          where s.word ~>=~ t.q and s.word ~<~ t.q_end and starts_with(s.word, t.q)
          limit ${MAX_EXPANSIONS + 1}),
        'corrections', array(select s.word from ${searchWords} s
          where t.q ~ '^[[:alpha:]]{4,}$' and t.q <% s.word and s.named > 0 and s.word <> t.q
            and least(
              levenshtein_less_equal(t.q, s.word, ${tolerance}),
              levenshtein_less_equal(t.q, left(s.word, length(t.q)), ${tolerance})
            ) <= ${tolerance}
          order by s.word)) order by t.n)
      from unnest(string_to_array(${$('words')}, ' '), string_to_array(${$('ends')}, ' '))
        with ordinality t(q, q_end, n)) as forms`);
})();

/** What a source is made of: its columns (without the score), its rows, its own filters and its search vector. */
interface Source {
  type: SearchResultType;
  columns: SQL;
  from: SQL;
  where: SQL[];
  vector: SQL;
  name: SQL;
  /**
   * Conditions that split the rows into parts with a GIN index each (the products' SEARCH_BUCKETS), read one after
   * another until the candidates are found; literal, so that a generic plan can pick each part's index.
   */
  parts?: SQL[];
}

/**
 * The filters a search has (their values are placeholders of the same names); each source applies those it can,
 * and a price bound leaves only products (the service asks no other source then).
 */
type FilterNames = readonly (keyof Filters)[];

const SOURCES = {
  /** Approved products only (vendor products wait for a Director). */
  product: (filters: FilterNames): Source => {
    const where: SQL[] = [sql`p.approval_status = 'approved'`];
    if (filters.includes('category'))
      where.push(sql`p.category_id = (select c.id from ${categories} c where c.slug = ${$('category')})`);
    if (filters.includes('maxTier')) where.push(sql`p.minimum_tier <= ${$('maxTier')}`);
    if (filters.includes('minPrice')) where.push(sql`p.price >= ${$('minPrice')}`);
    if (filters.includes('maxPrice')) where.push(sql`p.price <= ${$('maxPrice')}`);
    return {
      type: 'product',
      // The category's name by a subquery, not a join: joined, a generic plan put the categories first and read
      // every matching product of a part before the candidate limit applied (772 rows for "shield" at 100,000
      // products, where 100 are wanted).
      columns: sql`p.id::text as id, p.name as title, left(p.description, 200) as description,
          (select c.name from ${categories} c where c.id = p.category_id) as category,
          p.minimum_tier as tier, p.price::text as price, p.slug as slug`,
      from: sql`${products} p`,
      where,
      vector: sql`p.search_vector`,
      name: sql`p.name`,
      parts: Array.from(
        { length: SEARCH_BUCKETS },
        (_, bucket) => sql`${searchBucket(sql`p.id`)} = ${sql.raw(String(bucket))}`,
      ),
    };
  },
  service: (filters: FilterNames): Source => {
    const where: SQL[] = [];
    if (filters.includes('category')) where.push(sql`s.category::text = ${$('category')}`);
    if (filters.includes('maxTier')) where.push(sql`s.minimum_tier <= ${$('maxTier')}`);
    return {
      type: 'service',
      columns: sql`s.id as id, s.name as title, s.short_description as description, s.category::text as category,
          s.minimum_tier as tier, null::text as price, null::text as slug`,
      from: sql`${digitalServices} s`,
      where,
      vector: sql`s.search_vector`,
      name: sql`s.name`,
    };
  },
  investigation: (filters: FilterNames): Source => {
    const where: SQL[] = [];
    if (filters.includes('category')) where.push(sql`i.category = ${$('category')}`);
    if (filters.includes('maxTier')) where.push(sql`i.minimum_tier <= ${$('maxTier')}`);
    return {
      type: 'investigation',
      columns: sql`i.id::text as id, i.name as title, i.description as description, i.category as category,
          i.minimum_tier as tier, null::text as price, null::text as slug`,
      from: sql`${investigationCatalog} i`,
      where,
      vector: sql`i.search_vector`,
      name: sql`i.name`,
    };
  },
  /** Blog posts by title and excerpt only; their tier is what the classification asks (PUBLIC 0, TIER_n n). */
  blog: (filters: FilterNames): Source => {
    const tier = sql`case b.classification when 'PUBLIC' then 0 when 'TIER_1' then 1 else 2 end`;
    const where: SQL[] = [sql`b.published_at is not null`];
    if (filters.includes('category')) where.push(sql`b.category::text = ${$('category')}`);
    if (filters.includes('maxTier')) where.push(sql`${tier} <= ${$('maxTier')}`);
    return {
      type: 'blog',
      columns: sql`b.id::text as id, b.title as title, b.excerpt as description, b.category::text as category,
          ${tier} as tier, null::text as price, b.slug as slug`,
      from: sql`${blogPosts} b`,
      where,
      vector: sql`b.search_vector`,
      name: sql`b.title`,
    };
  },
  /** Approved vendors only. */
  vendor: (filters: FilterNames): Source => {
    const where: SQL[] = [sql`v.status = 'APPROVED'`];
    if (filters.includes('category')) where.push(sql`v.business_type::text = ${$('category')}`);
    return {
      type: 'vendor',
      columns: sql`v.id::text as id, v.company_name as title, left(v.description, 200) as description,
          v.business_type::text as category, null::int as tier, null::text as price, null::text as slug`,
      from: sql`${vendorApplications} v`,
      where,
      vector: sql`v.search_vector`,
      name: sql`v.company_name`,
    };
  },
} satisfies Partial<Record<SearchResultType, (filters: FilterNames) => Source>>;

export type SourceType = keyof typeof SOURCES;

/** The result types a search looks in, in the order their candidates are gathered. */
export const SOURCE_TYPES = Object.keys(SOURCES) as SourceType[];

/**
 * Which of a search's three branches a source's query is for: `exact`, the full-text query (the common case, cheap
 * through the GIN index); `every` and `some`, the typo fallback, only when full text found little: names with
 * every typed word found (as typed or corrected), then names with at least half of them.
 */
type Branch = 'exact' | 'every' | 'some';

/**
 * What decides a search's statements' text. Everything else (the typed words' queries, the filters' values, full
 * text's hits for the fallback) is a parameter, so a statement is built once per shape (kept for the next search of
 * that shape, at most MAX_SHAPES) and PostgreSQL prepares it once per connection. Building it cost a third of the
 * server's own work for a search.
 */
interface Shape {
  types: readonly SourceType[];
  filters: FilterNames;
  /** Text shorter than SHORT_TEXT: names that start with it, instead of full text. */
  short: boolean;
  /**
   * The typo fallback, when the text is long enough for it and some typed word was found in some form: whether
   * every typed word was (`all`), how many were (`groups`), and whether more than one word was typed.
   */
  typo: { all: boolean; groups: number; several: boolean } | null;
}

/**
 * One source's candidates for one branch, capped at CANDIDATES rows before anything is ranked. Full text ranks by
 * ts_rank. The typo fallback scores names with every typed word found 1 and up (`every`), and, when more than one
 * word was typed, names with at least half of them but not all by the share found, always below 1 (`some`).
 */
function candidates(source: Source, shape: Shape, branch: Branch): SQL {
  const { vector, name } = source;
  const select = (where: SQL, score: SQL, order = sql``) =>
    sql`select ${source.columns}, ${score} as score from ${source.from}
      where ${sql.join([where, ...source.where], sql` and `)} ${order} limit ${CANDIDATES}`;
  // Through the search vector: part after part when the source has parts, until CANDIDATES are found.
  const search = (where: SQL, score: SQL) =>
    source.parts
      ? sql`select * from (${sql.join(
          source.parts.map((part) => sql`(${select(sql`${part} and ${where}`, score)})`),
          sql` union all `,
        )}) parts limit ${CANDIDATES}`
      : select(where, score);
  const all = sql`${$('all')}::tsquery`;
  switch (branch) {
    case 'exact': {
      if (shape.short) {
        // The first CANDIDATES names in the order of the btree on lower(name) (text_pattern_ops: byte order) from
        // the prefix on: a generic plan cannot use the index for `like $1`, and read the table instead, the whole
        // of it for a prefix no name has.
        const lower = sql`lower(${name})`;
        return select(
          sql`${lower} ~>=~ ${$('prefix')} and ${lower} ~<~ ${$('prefixEnd')} and starts_with(${lower}, ${$('prefix')})`,
          sql`1.0 / length(${name})`,
          sql`order by ${lower} using ~<~`,
        );
      }
      const query = sql`${$('query')}::tsquery`;
      return search(sql`${vector} @@ ${query}`, sql`ts_rank(${vector}, ${query})`);
    }
    case 'every':
      return search(sql`${vector} @@ ${all}`, sql`1 + ts_rank(${vector}, ${all}) / 10`);
    case 'some': {
      const any = sql`${$('any')}::tsquery`;
      const groups = Array.from({ length: shape.typo?.groups ?? 0 }, (_, i) => $(`group${i}`));
      const found = sql.join(
        groups.map((group) => sql`(${vector} @@ ${group}::tsquery)::int`),
        sql` + `,
      );
      const share = sql`(${found})::float / ${$('words')}`;
      const notAll = shape.typo?.all ? sql`and not ${vector} @@ ${all}` : sql``;
      return search(
        sql`${vector} @@ ${any} ${notAll} and ${share} >= ${FUZZY_MIN_SHARE}`,
        sql`${share} + ts_rank(${vector}, ${any}) / 10`,
      );
    }
  }
}

/** One source's candidates of a branch, best first, at most `limit`; the sources' candidates one after another. */
function branchOf(shape: Shape, name: Branch): SQL {
  return sql.join(
    shape.types.map((type) => {
      const source = SOURCES[type](shape.filters);
      return sql`(select ${source.type}::text as type, c.* from (${candidates(source, shape, name)}) c
          order by score desc, title limit ${$('limit')})`;
    }),
    sql` union all `,
  );
}

/** The full-text statement: the best `limit` of every source's full-text candidates. */
function exactStatement(shape: Shape): SQL {
  return sql`select * from (${branchOf(shape, 'exact')}) u order by score desc, title limit ${$('limit')}`;
}

/**
 * The typo fallback's statement, run only when full text found fewer than `fuzzyBelow` (its hits come back as the
 * `found` parameter, JSON): names with every typed word found, and, when more than one word was typed and those do
 * not fill the answer, names with at least half of them. Full text's hits come first, then those with every word,
 * then those with half (each by score, then title), to `limit`: a name as typed before a name a letter away. The
 * `some` branch runs only when `every` found too few, since once `every` has `limit` hits that full text has not,
 * none of `some` could be shown. It is the costly branch: an OR of common words scans many names.
 */
function typoStatement(shape: Shape): SQL {
  const typo = shape.typo!;
  const ctes = [
    sql`exact as (select * from jsonb_to_recordset(${$('found')}::jsonb) as e(type text, id text, title text,
      description text, category text, tier int, price text, slug text, score float8))`,
  ];
  const found = ['exact'];
  const typos = (name: Branch, gate: SQL) => sql`select * from (${branchOf(shape, name)}) f
      where not exists (select 1 from exact e where e.type = f.type and e.id = f.id) ${gate}`;
  if (typo.all) {
    ctes.push(sql`every_word as (${typos('every', sql``)})`);
    found.push('every_word');
  }
  if (typo.several) {
    const gate = typo.all ? sql`and (select count(*) from every_word) < ${$('limit')}` : sql``;
    ctes.push(sql`some_words as (${typos('some', gate)})`);
    found.push('some_words');
  }
  const union = sql.raw(
    found.map((name, pass) => `select *, ${pass} as pass from ${name}`).join(' union all '),
  );
  return sql`with ${sql.join(ctes, sql`, `)}
    select type, id, title, description, category, tier, price, slug, score from (${union}) a
    order by pass, score desc, title limit ${$('limit')}`;
}

/**
 * How many statements are kept; a search of another shape builds its statement again. Process-wide, not per app: a
 * statement is a pure function of its shape (its text and name hold no app's data), so apps that share it cannot
 * tell (decision 010).
 */
const MAX_SHAPES = 500;
const statements = new TtlCache<string, Statement>(Infinity, MAX_SHAPES);

/** A statement built once per key (what decides its text) and kept. */
function statementFor(key: unknown, build: () => SQL): Statement {
  const text = JSON.stringify(key);
  let found = statements.get(text);
  if (!found) {
    found = prepare(build());
    statements.set(text, found);
  }
  return found;
}

/** One search, as the service asks for it. */
export interface Search {
  /** The text as typed, lower case. */
  text: string;
  /** Its words (lib/search-text.ts), looked up in the word list unless the text is short. */
  words: string[];
  types: readonly SourceType[];
  filters: Filters;
  /** Whether names resembling the text are looked for (typos) when full text finds fewer than `fuzzyBelow`. */
  fuzzy: boolean;
  fuzzyBelow: number;
  /**
   * gin_fuzzy_search_limit, so a broad word does not have the GIN index collect every match before the candidate
   * limit applies (most of a broad search's cost); it thins each word's matches at random, so with several words,
   * whose matches must meet, it has to be higher or off (0).
   */
  ginScanLimit: number;
  limit: number;
}

/** What the word list knows of each typed word: kept answers, and one lookup for the others (bare numbers need none). */
async function formsOf(store: SearchStore, client: pg.PoolClient, words: string[]): Promise<WordForms[]> {
  const listed = words.filter((word) => !isBareNumber(word));
  const forms = await store.forms.getMany(listed, async (missing) => {
    const [row] = await run<{ forms: WordForms[] | null }>(client, wordForms, {
      words: missing.join(' '),
      ends: missing.map(prefixEnd).join(' '),
    });
    return row?.forms ?? [];
  });
  const byWord = new Map(listed.map((word, i) => [word, forms[i]!]));
  return words.map((word) => byWord.get(word) ?? NO_FORMS);
}

/**
 * The whole search on one connection of the pool for its GIN scan limit: the word list's forms of the typed words,
 * from which lib/search-text.ts builds the full-text and typo queries; the full-text statement, unless a typed word
 * begins no lexeme (then nothing can match it); the typo fallback's statement only when full text found fewer than
 * `fuzzyBelow`. Once the words' forms are kept, most searches are one round trip, and a search whose text no name
 * resembles none. Its log entry is written with others (SearchLogWriter).
 */
export async function searchAndLog(
  store: SearchStore,
  search: Search,
  log: { userId: string | null; query: string },
): Promise<Hit[]> {
  const at = new Date();
  const short = search.text.length < SHORT_TEXT;
  const words = short ? [] : search.words;
  const filters = (Object.keys(search.filters) as (keyof Filters)[]).filter(
    (name) => search.filters[name] !== undefined,
  );
  const client = await store.pool(search.ginScanLimit).connect();
  let hits: Hit[];
  try {
    const forms = await formsOf(store, client, words);
    const query = short ? null : fullTextQuery(words, forms);
    const typo = search.fuzzy ? typoQueries(words, forms) : null;
    const shape: Shape = {
      types: search.types,
      filters,
      short,
      typo: typo && { all: typo.all !== null, groups: typo.each.length, several: typo.words > 1 },
    };
    const values = {
      ...search.filters,
      limit: search.limit,
      prefix: search.text,
      prefixEnd: prefixEnd(search.text),
      query,
    };
    // Each statement is keyed by what its text depends on: full text's not on the fallback, the fallback's not on
    // short text (which has none). Full text runs unless a typed word begins no lexeme: then nothing can match.
    const { types } = shape;
    hits =
      short || query !== null
        ? await run<Hit>(
            client,
            statementFor(['exact', types, filters, short], () => exactStatement(shape)),
            values,
          )
        : [];
    if (typo && hits.length < search.fuzzyBelow) {
      hits = await run<Hit>(
        client,
        statementFor(['typo', types, filters, shape.typo], () => typoStatement(shape)),
        {
          ...values,
          found: JSON.stringify(hits),
          all: typo.all,
          any: typo.any,
          ...Object.fromEntries(typo.each.map((group, i) => [`group${i}`, group])),
          words: typo.words,
        },
      );
    }
  } finally {
    client.release();
  }
  store.log.add({ userId: log.userId, query: log.query, resultCount: hits.length, at });
  return hits.map((hit) => ({ ...hit, score: Number(hit.score) }));
}

/**
 * Marks the latest logged search of this text (by this user, when signed in) as clicked, once this instance's
 * pending log entries are written (the search clicked in is usually one of them).
 */
export async function markClicked(
  store: SearchStore,
  db: DbOrTx,
  userId: string | null,
  query: string,
): Promise<void> {
  await store.log.flush();
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
