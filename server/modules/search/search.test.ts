import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { searchQuerySchema } from '../../../contract/search.js';
import { seedDatabase } from '../../db/seed/seed.js';
import { createAppContext } from '../../modules.js';
import { createCategory, createProduct } from '../../test/fixtures.js';
import { SearchStore } from './search.repository.js';
import * as service from './search.service.js';
import { asUser, createTestApp, registerUser, statementsSent, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(createAppContext(t.database.db, t.config));
});
afterAll(() => t.close());

interface Result {
  id: string;
  type: string;
  title: string;
  url: string;
  tier: number | null;
  price: string | null;
  category: string | null;
}

const search = async (query: string, cookie?: string) => {
  const response = await asUser(t.app, cookie ? { cookie } : null).get(`/api/search?${query}`);
  expect(response.statusCode, query).toBe(200);
  return response.json() as Result[];
};

describe('GET /api/search', () => {
  it("runs on pools of its own, one per GIN scan limit, whose connections start with the search's settings", async () => {
    const store = new SearchStore(t.database.url, t.ctx.changes);
    // The settings are set before a connection is handed out, not queued ahead of its first query (which pg warns
    // of, and pg 9 refuses).
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      for (const limit of [0, 2_000, 20_000]) {
        const { rows } = await store.pool(limit).query<Record<string, string>>(
          `select current_setting('plan_cache_mode') as plan, current_setting('synchronous_commit') as sync,
            current_setting('pg_trgm.word_similarity_threshold') as similarity,
            current_setting('gin_fuzzy_search_limit') as limit`,
        );
        expect(rows[0]).toEqual({
          plan: 'force_generic_plan',
          sync: 'off',
          similarity: '0.3',
          limit: String(limit),
        });
      }
      // The app's own pool keeps PostgreSQL's defaults.
      const defaults = await t.database.pool.query<Record<string, string>>(
        `select current_setting('plan_cache_mode') as plan, current_setting('synchronous_commit') as sync`,
      );
      expect(defaults.rows[0]).toEqual({ plan: 'auto', sync: 'on' });
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await store.end();
    }
  });

  it('answers [] below 2 characters and 400 above 100', async () => {
    expect(await search('q=a')).toEqual([]);
    expect(await search('q=')).toEqual([]);
    expect((await t.app.inject({ url: `/api/search?q=${'x'.repeat(101)}` })).statusCode).toBe(400);
  });

  it('finds products by word prefix, at most 20, each with type, title, price, tier, category and url', async () => {
    const results = await search('q=faraday');
    expect(results.length).toBeGreaterThan(0);
    const [first] = results;
    expect(first).toMatchObject({
      type: 'product',
      title: expect.stringMatching(/faraday/i),
      price: expect.stringMatching(/^\d+\.\d{2}$/),
      tier: expect.any(Number),
      category: expect.any(String),
      url: expect.stringMatching(/^\/marketplace\?q=/),
    });
    expect(results.length).toBeLessThanOrEqual(20);
  });

  it('types ahead: two letters find the names that start with them', async () => {
    const results = await search('q=Ev');
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) expect(r.title.toLowerCase().startsWith('ev')).toBe(true);
    expect(results.map((r) => r.title)).toContain('Evidence-Grade Digital Audio Recorder');
    expect(await search(`q=${encodeURIComponent('%_')}`)).toEqual([]);
  });

  it('still finds a name typed with a typo', async () => {
    const results = await search('q=farady');
    expect(results.some((r) => /faraday/i.test(r.title))).toBe(true);
  });

  it('forgives a transposition and two typos: "themral" and "thermla imagng" find the thermal imager first', async () => {
    for (const q of ['themral', 'thermla imagng', 'THERMLA IMAGNG']) {
      const results = await search(`q=${encodeURIComponent(q)}`);
      expect(results[0], q).toMatchObject({ type: 'product', title: 'Thermal Imaging Monocular TX-35' });
    }
    // Two typos in one short word are not a near miss: nothing is invented for gibberish either.
    expect(await search('q=xqzvwk')).toEqual([]);
    expect((await search('q=thrmxl')).some((r) => /thermal/i.test(r.title))).toBe(false);
  });

  it('forgives two wrong letters in a name: in one long word, or one in each of two words', async () => {
    const first = async (q: string) => (await search(`q=${encodeURIComponent(q)}`))[0]?.title;
    // "monocular" with two letters wrong.
    expect(await first('manoculer')).toBe('Thermal Imaging Monocular TX-35');
    expect(await first('spectrim analysor')).toBe('Handheld Spectrum Analyser SA-6');
    expect(await first('hardwore securety')).toBe('FIDO2 Hardware Security Key (Pair)');
    expect(await first('encryptid sateltte')).toBe('Encrypted Satellite Phone SX-2');
    // A right word beside a wrong one still finds the name with the right word.
    expect(await first('thermal imagenq')).toBe('Thermal Imaging Monocular TX-35');
    // At least half the typed words found, when no name has them all: the most words found first.
    expect(await first('faraday qzxqzv')).toBe('Faraday Signal-Blocking Bag Set');
    expect(await first('thermal monocular qzxqzv')).toBe('Thermal Imaging Monocular TX-35');
    expect(await search(`q=${encodeURIComponent('faraday qzxqzv vqzxqz')}`)).toEqual([]);
    // Two wrong letters in a five-letter word are too many (one edit up to five letters), three in a long one too.
    expect((await search('q=rxdix')).some((r) => /radio/i.test(r.title))).toBe(false);
    expect((await search('q=bxllxstxc')).some((r) => /ballistic/i.test(r.title))).toBe(false);
  });

  it('searches services, the investigation catalogue and blog titles, and filters by type', async () => {
    expect((await search('q=background')).some((r) => r.type === 'investigation')).toBe(true);
    expect((await search('q=osint&type=service')).every((r) => r.type === 'service')).toBe(true);
    expect((await search('q=osint&type=service')).length).toBeGreaterThan(0);
    const blog = await search('q=surveillance&type=blog');
    expect(blog.every((r) => r.type === 'blog' && r.url.startsWith('/blog?post='))).toBe(true);
  });

  it('filters by tier (what that tier may open) and price (products only)', async () => {
    const tier1 = await search('q=detector&tier=1');
    expect(tier1.length).toBeGreaterThan(0);
    expect(tier1.every((r) => r.tier === null || r.tier <= 1)).toBe(true);
    const priced = await search('q=kit&minPrice=10000&maxPrice=60000');
    expect(priced.length).toBeGreaterThan(0);
    for (const r of priced) {
      expect(r.type).toBe('product');
      expect(Number(r.price)).toBeGreaterThanOrEqual(10000);
      expect(Number(r.price)).toBeLessThanOrEqual(60000);
    }
    // Types with no prices under a price bound, and a type no source serves, find nothing (they once were a 500).
    expect(await search('q=kit&type=vendor&maxPrice=100')).toEqual([]);
    expect(await search('q=kit&type=other')).toEqual([]);
  });

  it("filters by category: a product category's slug finds its products only, each with the category's name", async () => {
    const all = (await search('q=kit')).filter((r) => r.type === 'product');
    const names = new Set(all.map((r) => r.category));
    expect(names.size).toBeGreaterThan(1);
    const { rows } = await t.database.pool.query<{ slug: string; name: string }>(
      'select slug, name from categories where name = $1',
      [all[0]!.category],
    );
    const filtered = await search(`q=kit&category=${rows[0]!.slug}`);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((r) => r.type === 'product' && r.category === rows[0]!.name)).toBe(true);
    expect(await search('q=kit&category=no-such-category')).toEqual([]);
  });

  it('finds every match of a common word under a narrow filter (the index thinned the matches before filtering)', async () => {
    // Enough names with the word that the GIN scan thins each of the products' parts (5,000 each, against a limit of
    // 2,000); 10 in a price band of their own.
    await t.database.pool.query(`
      insert into products (category_id, name, slug, description, price, image_url, minimum_tier, stock_count)
      select (select id from categories order by sort_order limit 1), 'Zebrafinch Recorder ' || g, 'zebrafinch-' || g,
        'A recorder.', case when g % 4000 = 0 then 987654 else 5000 end, '/images/categories/secure-devices.svg',
        1, 5
      from generate_series(1, 40000) as g`);
    // As autovacuum leaves it: new rows move from the GIN indexes' pending lists, read whole, into their trees.
    await t.database.pool.query('vacuum analyze products');
    const banded = await search('q=zebrafinch&minPrice=987000');
    expect(banded).toHaveLength(10);
    expect(banded.every((r) => r.price === '987654.00')).toBe(true);
    // Without a filter, a common word still answers its best 20.
    expect(await search('q=zebrafinch')).toHaveLength(20);
  });

  it('links products to their page for signed-in users and treats query syntax as text', async () => {
    const user = await registerUser(t.app);
    const [product] = (await search('q=faraday', user.cookie)).filter((r) => r.type === 'product');
    expect(product!.url).toBe(`/product/${product!.id}`);
    for (const q of ["'&|!", 'a:*b', '%_', '(())'])
      expect(Array.isArray(await search(`q=${encodeURIComponent(q)}`))).toBe(true);
  });
});

describe('the word list read once per word', () => {
  it('keeps what the list says of a typed word until a word is added, removed or becomes a name word', async () => {
    const store = new SearchStore(t.database.url, t.ctx.changes);
    const lookups = statementsSent('search_words');
    const find = async (q: string) =>
      (await service.search(store, searchQuerySchema.parse({ q }), null)).map((result) => result.title);
    try {
      const categoryId = (await createCategory(t.database.db)).id;
      await t.settled();
      await find('thermal faraday');
      expect(lookups.count()).toBe(1);
      // Kept: the same words again, in another order, and one of them alone; a bare number is never looked up.
      await find('faraday thermal');
      await find('thermal');
      await find('thermal 4417');
      expect(lookups.count()).toBe(1);
      expect(store.forms.size).toBe(2);

      // A product of words the list has, in its name and its description: nothing it says of any word changes.
      await createProduct(t.database.db, categoryId, { name: 'Thermal Faraday', description: 'thermal' });
      await t.settled();
      expect(store.forms.size).toBe(2);

      // A word the list did not have: a beginning typed before it existed finds it now.
      expect(await find('quokkat')).toEqual([]);
      await createProduct(t.database.db, categoryId, { name: 'Quokkatron Recorder' });
      await t.settled();
      expect(store.forms.size).toBe(0);
      expect(await find('quokkat')).toContain('Quokkatron Recorder');

      // A word of descriptions only is no correction for a typo, until a name has it (two descriptions have it, so
      // the word stays in the list through the rename: only whether it is a name word changes).
      for (const name of ['Plain Box', 'Other Box'])
        await createProduct(t.database.db, categoryId, { name, description: 'wombatella inside' });
      await t.settled();
      expect(await find('wombatelle')).toEqual([]);
      await t.database.pool.query("update products set name = 'Wombatella Box' where name = 'Plain Box'");
      await t.settled();
      expect(store.forms.size).toBe(0);
      expect(await find('wombatelle')).toContain('Wombatella Box');

      // Removed: the beginning finds nothing again.
      await t.database.pool.query("delete from products where name = 'Quokkatron Recorder'");
      await t.settled();
      expect(await find('quokkat')).toEqual([]);
    } finally {
      lookups.restore();
      await store.end();
    }
  });
});

describe('the statements a search runs', () => {
  it('runs the typo fallback only when full text finds too few, and no statement for text nothing resembles', async () => {
    const store = new SearchStore(t.database.url, t.ctx.changes);
    const searches = statementsSent('"products" p');
    const find = async (q: string) => {
      const before = searches.count();
      const titles = (await service.search(store, searchQuerySchema.parse({ q }), null)).map((r) => r.title);
      return { titles, statements: searches.count() - before };
    };
    try {
      const categoryId = (await createCategory(t.database.db)).id;
      for (const name of [
        'Quasarlink Router',
        'Quasarlenk Switch',
        ...[1, 2, 3, 4, 5].map((n) => `Numbatlink ${n}`),
      ])
        await createProduct(t.database.db, categoryId, { name });
      await t.settled();
      // Warm the word list's forms, so that only the search statements are counted below.
      for (const q of ['numbatlink', 'quasarlink', 'zqxqzvw']) await find(q);

      // Full text finds enough: one statement.
      const common = await find('numbatlink');
      expect(common.titles).toHaveLength(5);
      expect(common.statements).toBe(1);
      // Full text finds one name; the fallback adds the name one letter away after it, and repeats none.
      const near = await find('quasarlink');
      expect(near.titles).toEqual(['Quasarlink Router', 'Quasarlenk Switch']);
      expect(near.statements).toBe(2);
      // A word that begins no lexeme and resembles no name word: nothing can match, nothing is asked.
      expect(await find('zqxqzvw')).toEqual({ titles: [], statements: 0 });
      // A typo alone: full text cannot match it, so only the fallback runs.
      const typo = await find('quasarlnik');
      expect(typo.titles).toContain('Quasarlink Router');
      expect(typo.statements).toBe(1);
    } finally {
      searches.restore();
      await store.end();
    }
  });
});

describe('the search log, written in batches', () => {
  const logged = async (query: string) =>
    (
      await t.database.pool.query<{ user_id: string | null; result_count: number; created_at: Date }>(
        'select user_id, result_count, created_at from search_log where query = $1 order by created_at',
        [query],
      )
    ).rows;

  it('writes the entries of many searches in one insert, each with the time of its search', async () => {
    // A writer that waits a minute, so that a slow machine's searches all come within its wait.
    const waiting = new SearchStore(t.database.url, t.ctx.changes, undefined, 60_000);
    const inserts = statementsSent('insert into "search_log"', 'batched faraday');
    try {
      const started = new Date();
      for (let i = 0; i < 3; i++)
        await service.search(waiting, searchQuerySchema.parse({ q: 'batched faraday' }), null);
      // Pending until the writer's wait is up (or a flush).
      expect(await logged('batched faraday')).toHaveLength(0);
      await waiting.log.flush();
      const rows = await logged('batched faraday');
      expect(rows).toHaveLength(3);
      expect(inserts.count()).toBe(1);
      for (const row of rows) {
        expect(row.result_count).toBeGreaterThan(0);
        expect(row.created_at.getTime()).toBeGreaterThanOrEqual(started.getTime() - 1_000);
      }
    } finally {
      inserts.restore();
      await waiting.end();
    }
    // The server's writer: an entry written by itself a second later, and by closing the store.
    const store = new SearchStore(t.database.url, t.ctx.changes);
    try {
      await service.search(store, searchQuerySchema.parse({ q: 'batched faraday' }), null);
      await vi.waitFor(async () => expect(await logged('batched faraday')).toHaveLength(4), {
        timeout: 5_000,
      });
      await service.search(store, searchQuerySchema.parse({ q: 'batched faraday' }), null);
    } finally {
      await store.end();
    }
    expect(await logged('batched faraday')).toHaveLength(5);
  });

  it('keeps an entry without its account when the account was deleted before the write, and survives a failed write', async () => {
    const errors: unknown[] = [];
    const store = new SearchStore(t.database.url, t.ctx.changes, (error) => errors.push(error));
    try {
      const user = await registerUser(t.app);
      await service.search(store, searchQuerySchema.parse({ q: 'deleted faraday' }), user.id);
      await t.database.pool.query('update users set deleted_at = now() where id = $1', [user.id]);
      await store.log.flush();
      expect((await logged('deleted faraday')).map((row) => row.user_id)).toEqual([null]);

      // A batch the database refuses is reported, and the next one is written.
      store.log.add({ userId: null, query: 'refused', resultCount: -1, at: new Date() });
      await store.log.flush();
      expect(errors).toHaveLength(1);
      await service.search(store, searchQuerySchema.parse({ q: 'after refusal' }), null);
      await store.log.flush();
      expect(await logged('after refusal')).toHaveLength(1);
    } finally {
      await store.end();
    }
  });
});

describe('search log, clicks and trending', () => {
  it('logs every search, records clicks, and trends queries that found something', async () => {
    const fresh = await createTestApp();
    try {
      const trendingNow = async () =>
        (await asUser(fresh.app).get('/api/search/trending')).json() as string[];
      expect((await trendingNow()).length).toBeGreaterThan(0);

      await seedDatabase(createAppContext(fresh.database.db, fresh.config));
      for (const q of ['thermal', 'thermal', 'Thermal', 'zzzqqq', 'faraday']) {
        await fresh.app.inject({ url: `/api/search?q=${q}` });
      }
      const click = await fresh.app.inject({
        method: 'POST',
        url: '/api/search/click',
        payload: { query: 'thermal', resultId: 'x', type: 'product' },
      });
      expect(click.statusCode).toBe(204);
      const { rows } = await fresh.database.pool.query(
        'select query, result_count, clicked from search_log order by created_at',
      );
      expect(rows).toHaveLength(5);
      expect(rows.filter((r) => r.query === 'thermal')).toHaveLength(3);
      expect(rows.filter((r) => r.clicked)).toHaveLength(1);
      expect(rows.find((r) => r.query === 'zzzqqq').result_count).toBe(0);
      expect(await trendingNow()).toEqual(['thermal', 'faraday']);
    } finally {
      await fresh.close();
    }
  });
});
