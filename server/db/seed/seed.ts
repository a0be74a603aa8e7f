import { GST_RATES, HSN_PATTERN } from '../../../contract/gst.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BLOG_CATEGORIES, BLOG_CLASSIFICATIONS } from '../../../contract/blog.js';
import {
  DIGITAL_SERVICE_CATEGORIES,
  digitalServiceFullContentSchema,
  digitalServicePreviewSchema,
} from '../../../contract/digital-services.js';
import { INVESTIGATION_SERVICE_TYPES } from '../../../contract/investigations.js';
import type { AppContext } from '../../infra/context.js';
import { seedDataDir } from '../../lib/paths.js';
import type { Tx } from '../client.js';
import {
  blogPosts,
  categories,
  digitalServices,
  investigationCatalog,
  products,
  teamMembers,
} from '../schema/index.js';

/**
 * The seed is data (server/db/seed/data/*.json, edited by operators), checked by these schemas before any row
 * is written. Loading is idempotent: rows whose slug or id already exists are left as they are.
 */
const tier = z.number().int().min(1).max(4);
const money = z.string().regex(/^\d+(\.\d{1,2})?$/);

const categorySchema = z.object({ name: z.string().min(1), slug: z.string().min(1) });
const productSchema = z.object({
  slug: z.string().min(1),
  name: z.string().min(1),
  categorySlug: z.string().min(1),
  description: z.string().min(1),
  price: money,
  /** The goods' HSN heading and GST rate (decision 038). */
  hsnCode: z.string().regex(HSN_PATTERN),
  gstRate: z.enum(GST_RATES),
  imageUrl: z.string().startsWith('/'),
  minimumTier: tier,
  stockCount: z.number().int().min(0).nullable(),
  specifications: z.record(z.string(), z.string()),
});
const digitalServiceSchema = z.object({
  id: z.enum(DIGITAL_SERVICE_CATEGORIES),
  name: z.string().min(1),
  shortDescription: z.string().min(1),
  description: z.string().min(1),
  category: z.enum(DIGITAL_SERVICE_CATEGORIES),
  iconClass: z.string().min(1),
  minimumTier: tier,
  previewContent: digitalServicePreviewSchema,
  fullContent: digitalServiceFullContentSchema,
});
const catalogEntrySchema = z.object({
  id: z.enum(INVESTIGATION_SERVICE_TYPES),
  name: z.string().min(1),
  description: z.string().min(1),
  icon: z.string().min(1),
  minimumTier: tier,
  pricing: z.string().min(1),
  basePrice: money,
  features: z.array(z.string()),
  deliveryTime: z.string().min(1),
  category: z.string().min(1),
});
const blogPostSchema = z.object({
  slug: z.string().min(1),
  title: z.string().min(1),
  excerpt: z.string().min(1),
  category: z.enum(BLOG_CATEGORIES),
  classification: z.enum(BLOG_CLASSIFICATIONS),
  author: z.string().min(1),
  readTime: z.number().int().positive(),
  views: z.number().int().min(0),
  publishedAt: z.iso.datetime({ offset: true }),
  content: z.string().min(1),
});
const teamSchema = z.object({
  members: z.array(
    z.object({
      id: z.string().min(1),
      name: z.string().min(1),
      title: z.string().min(1),
      classification: z.string().min(1),
      clearanceLevel: z.string().min(1),
      securityClearance: z.string().min(1),
      yearsActive: z.number().int().min(0),
      specializations: z.array(z.string()),
      bio: z.string().min(1),
      operationalHistory: z.array(z.string()),
      links: z.array(z.object({ label: z.string(), url: z.url(), type: z.string() })),
    }),
  ),
});

async function load<T extends z.ZodType>(file: string, schema: T): Promise<z.infer<T>> {
  const raw: unknown = JSON.parse(await readFile(path.join(seedDataDir, file), 'utf8'));
  const result = schema.safeParse(raw);
  if (!result.success) {
    throw new Error(
      `${file}: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return result.data;
}

export type SeedCounts = Record<
  'categories' | 'products' | 'digitalServices' | 'investigationCatalog' | 'blogPosts' | 'teamMembers',
  number
>;

async function insertAll(tx: Tx, data: Awaited<ReturnType<typeof loadAll>>): Promise<SeedCounts> {
  const insertedCategories = await tx
    .insert(categories)
    .values(data.categories.map((c, i) => ({ ...c, sortOrder: i })))
    .onConflictDoNothing({ target: categories.slug })
    .returning({ id: categories.id });

  const categoryIds = new Map(
    (await tx.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [
      c.slug,
      c.id,
    ]),
  );
  const productRows = data.products.map(({ categorySlug, ...product }) => {
    const categoryId = categoryIds.get(categorySlug);
    if (!categoryId) throw new Error(`products.json: unknown category "${categorySlug}" for ${product.slug}`);
    return { ...product, categoryId };
  });
  const insertedProducts = await tx
    .insert(products)
    .values(productRows)
    .onConflictDoNothing({ target: products.slug })
    .returning({ id: products.id });

  const insertedServices = await tx
    .insert(digitalServices)
    .values(data.digitalServices.map((s, i) => ({ ...s, sortOrder: i })))
    .onConflictDoNothing({ target: digitalServices.id })
    .returning({ id: digitalServices.id });

  const insertedCatalog = await tx
    .insert(investigationCatalog)
    .values(data.investigationCatalog.map((e, i) => ({ ...e, sortOrder: i })))
    .onConflictDoNothing({ target: investigationCatalog.id })
    .returning({ id: investigationCatalog.id });

  const insertedPosts = await tx
    .insert(blogPosts)
    .values(data.blogPosts.map((p) => ({ ...p, publishedAt: new Date(p.publishedAt) })))
    .onConflictDoNothing({ target: blogPosts.slug })
    .returning({ id: blogPosts.id });

  const insertedMembers = await tx
    .insert(teamMembers)
    .values(data.team.members.map((m, i) => ({ ...m, sortOrder: i })))
    .onConflictDoNothing({ target: teamMembers.id })
    .returning({ id: teamMembers.id });

  return {
    categories: insertedCategories.length,
    products: insertedProducts.length,
    digitalServices: insertedServices.length,
    investigationCatalog: insertedCatalog.length,
    blogPosts: insertedPosts.length,
    teamMembers: insertedMembers.length,
  };
}

async function loadAll() {
  const [cats, prods, services, catalog, posts, team] = await Promise.all([
    load('categories.json', z.array(categorySchema)),
    load('products.json', z.array(productSchema)),
    load('digital-services.json', z.array(digitalServiceSchema)),
    load('investigation-catalog.json', z.array(catalogEntrySchema)),
    load('blog-posts.json', z.array(blogPostSchema)),
    load('team.json', teamSchema),
  ]);
  return {
    categories: cats,
    products: prods,
    digitalServices: services,
    investigationCatalog: catalog,
    blogPosts: posts,
    team,
  };
}

const SEED_LOCK_KEY = 7_441_002;

/** Loads every seed file in one transaction; what already exists is kept. */
export async function seedDatabase(ctx: AppContext): Promise<SeedCounts> {
  const data = await loadAll();
  return ctx.db.transaction(async (tx) => {
    // Several instances booting together on one empty database seed it once.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    return insertAll(tx, data);
  });
}

/** First boot of an empty database: seed it. Returns what was added, or null when there was data already. */
export async function seedIfEmpty(ctx: AppContext): Promise<SeedCounts | null> {
  const [row] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(categories);
  if ((row?.count ?? 0) > 0) return null;
  return seedDatabase(ctx);
}
