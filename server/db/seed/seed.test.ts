import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVESTIGATION_SERVICE_TYPES } from '../../../contract/investigations.js';
import { BLOG_CATEGORIES, BLOG_CLASSIFICATIONS } from '../../../contract/blog.js';
import { createAppContext } from '../../modules.js';
import { createTestDatabase, testConfig } from '../../test/helpers.js';
import { runMigrations, type Database } from '../client.js';
import {
  blogPosts,
  categories,
  digitalServices,
  investigationCatalog,
  products,
  teamMembers,
} from '../schema/index.js';
import { seedDatabase, seedIfEmpty } from './seed.js';

let database: Database;
const ctx = () => createAppContext(database.db, testConfig());

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('migrations', () => {
  it('are applied to the template and a second run changes nothing', async () => {
    const before = await database.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await runMigrations(database.url);
    const after = await database.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    expect(before.rows[0].n).toBeGreaterThan(0);
  });

  it('create every table the app needs', async () => {
    const { rows } = await database.pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public'",
    );
    const tables = rows.map((r) => r.table_name);
    for (const table of [
      'users',
      'sessions',
      'audit_log',
      'products',
      'categories',
      'cart_items',
      'orders',
      'order_lines',
      'digital_services',
      'service_inquiries',
      'vendor_applications',
      'investigation_requests',
      'blog_posts',
      'secure_channel_requests',
      'cases',
      'case_updates',
      'payments',
      'subscriptions',
      'notifications',
      'api_keys',
      'integrations',
      'qr_codes',
      'ai_analyses',
      'threat_intelligence',
      'automation_rules',
      'enterprise_clients',
      'bulk_operations',
      'search_log',
      'page_views',
      'team_members',
      'mobile_devices',
    ]) {
      expect(tables, table).toContain(table);
    }
  });

  it('enforce the closed value sets and ranges in the database itself', async () => {
    const reject = (statement: string) => expect(database.pool.query(statement)).rejects.toThrow();
    await reject("insert into users (email, password_hash, tier) values ('x@y.z', 'h', 5)");
    await reject("insert into categories (name, slug) values ('Bad', 'Not A Slug')");
    await database.pool.query("insert into categories (name, slug) values ('Probe', 'probe')");
    await reject(
      "insert into products (category_id, name, slug, price) select id, 'n', 'neg-price', -1 from categories where slug = 'probe'",
    );
    await reject(
      "insert into products (category_id, name, slug, price, stock_count) select id, 'n', 'neg-stock', 1, -1 from categories where slug = 'probe'",
    );
    const { rows } = await database.pool.query<{ id: string }>(
      "insert into users (email, password_hash) values ('probe@example.test', 'h') returning id",
    );
    await reject(
      `insert into notifications (user_id, type, priority, title, message) values ('${rows[0]!.id}', 'nope', 'low', 't', 'm')`,
    );
    await database.pool.query(
      `insert into notifications (user_id, type, priority, title, message) values ('${rows[0]!.id}', 'other', 'low', 't', 'm')`,
    );
    await database.pool.query("delete from users where email = 'probe@example.test'");
    await database.pool.query("delete from categories where slug = 'probe'");
  });
});

describe('seed data', () => {
  it('loads an empty database on first boot and meets the catalogue mix', async () => {
    const counts = await seedIfEmpty(ctx());
    expect(counts).not.toBeNull();

    const cats = await database.db.select().from(categories);
    expect(cats.map((c) => c.slug).sort()).toEqual(
      ['counter-surveillance', 'protection-gear', 'secure-devices', 'surveillance-audio'].sort(),
    );

    const items = await database.db.select().from(products);
    expect(items.length).toBeGreaterThanOrEqual(24);
    const limited = items.filter((p) => p.inStock && p.stockCount !== null && p.stockCount < 10);
    const out = items.filter((p) => !p.inStock);
    expect(limited.length).toBeGreaterThan(0);
    expect(out.length).toBeGreaterThan(0);
    expect(items.length - limited.length - out.length).toBeGreaterThan(0);
    expect(new Set(items.map((p) => p.minimumTier))).toEqual(new Set([1, 2, 3]));
    for (const p of items) {
      expect(Number(p.price), p.slug).toBeGreaterThan(0);
      expect(Object.keys(p.specifications).length, p.slug).toBeGreaterThan(0);
      expect(p.description.length, p.slug).toBeGreaterThan(40);
    }

    const services = await database.db.select().from(digitalServices);
    expect(services.map((s) => s.id).sort()).toEqual(['osint', 'reputation', 'risk', 'threat', 'trend']);
    for (const s of services) {
      expect(s.previewContent.metrics, s.id).toBeDefined();
      expect(s.fullContent.recent_activities?.length, s.id).toBeGreaterThan(0);
    }

    const catalogue = await database.db.select().from(investigationCatalog);
    expect(Object.fromEntries(catalogue.map((e) => [e.id, e.minimumTier]))).toEqual({
      'background-check': 1,
      'corporate-intelligence': 2,
      'digital-forensics': 2,
      surveillance: 3,
      'location-skip-tracing': 3,
      'asset-investigation': 2,
      'fraud-investigation': 2,
    });
    expect(catalogue).toHaveLength(INVESTIGATION_SERVICE_TYPES.length);

    const posts = await database.db.select().from(blogPosts);
    expect(posts.length).toBeGreaterThanOrEqual(10);
    expect(new Set(posts.map((p) => p.category))).toEqual(new Set(BLOG_CATEGORIES));
    expect(new Set(posts.map((p) => p.classification))).toEqual(new Set(BLOG_CLASSIFICATIONS));
    for (const p of posts) expect(p.content.length, p.slug).toBeGreaterThan(200);

    expect(await database.db.select().from(teamMembers)).toHaveLength(2);
  });

  it('is idempotent: a second load adds nothing and first-boot seeding skips a seeded database', async () => {
    const total = async () =>
      (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from products`)).rows[0]!.n;
    const before = await total();
    const counts = await seedDatabase(ctx());
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    expect(await seedIfEmpty(ctx())).toBeNull();
    expect(await total()).toBe(before);
  });
});
