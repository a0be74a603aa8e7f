import { sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context.js';
import { seedDatabase } from './seed.js';

/** The words synthetic names are made of (the search benchmark types them, and typos of them). */
export const BENCH_WORDS = [
  'thermal',
  'acoustic',
  'encrypted',
  'tactical',
  'covert',
  'ballistic',
  'spectrum',
  'sentinel',
  'falcon',
  'shield',
  'vector',
  'cipher',
  'nomad',
  'aegis',
  'pulse',
  'ranger',
  'vault',
  'orbit',
  'ghost',
  'titan',
];
export const BENCH_KINDS = [
  'detector',
  'recorder',
  'vest',
  'helmet',
  'scanner',
  'camera',
  'radio',
  'drive',
  'kit',
  'monocular',
];

/**
 * Adds `count` synthetic products (`bench-<n>` slugs) for load and search benchmarks, in one INSERT ... SELECT so
 * 100k rows take seconds. Names combine words so searches have realistic selectivity.
 */
export async function generateBenchCatalogue(ctx: AppContext, count: number): Promise<number> {
  await seedDatabase(ctx);
  const words = sql.raw(`array[${BENCH_WORDS.map((w) => `'${w}'`).join(',')}]`);
  const kinds = sql.raw(`array[${BENCH_KINDS.map((w) => `'${w}'`).join(',')}]`);
  const result = await ctx.db.execute(sql`
    with start as (select count(*) as n from products where slug like 'bench-%'),
         cats as (select array_agg(id order by sort_order) as ids from categories)
    insert into products (category_id, name, slug, description, price, image_url, minimum_tier, stock_count, specifications)
    select
      cats.ids[1 + (g % array_length(cats.ids, 1))],
      initcap((${words})[1 + (g % 20)] || ' ' || (${words})[1 + ((g / 20) % 20)] || ' ' || (${kinds})[1 + ((g / 400) % 10)]) || ' ' || g,
      'bench-' || g,
      'Synthetic benchmark product ' || g || ' for load testing.',
      round((1000 + (g * 7919) % 400000)::numeric, 2),
      '/images/categories/secure-devices.svg',
      1 + (g % 3),
      case when g % 11 = 0 then 0 else (g * 31) % 120 end,
      jsonb_build_object('Model', 'BX-' || g)
    from start, cats, generate_series(start.n + 1, start.n + ${count}::int) as g
  `);
  // Fresh statistics and visibility map, as autovacuum would leave them, so the benchmark does not measure plans
  // made for an empty table.
  await ctx.db.execute(sql`vacuum analyze products`);
  return result.rowCount ?? 0;
}
