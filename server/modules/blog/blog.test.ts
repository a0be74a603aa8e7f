import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES } from '../../../contract/blog.js';
import { seedDatabase } from '../../db/seed/seed.js';
import { createAppContext } from '../../modules.js';
import { setUserTier } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(createAppContext(t.database.db, t.config));
});
afterAll(() => t.close());

interface Summary {
  id: string;
  title: string;
  category: string;
  classification: 'PUBLIC' | 'TIER_1' | 'TIER_2';
  views: number;
  publishedAt: string;
  locked: boolean;
  requiredTier: number;
}

async function list(query = '', cookie?: string): Promise<Summary[]> {
  const response = await asUser(t.app, cookie ? { cookie } : null).get(`/api/blog${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const firstOf = (posts: Summary[], classification: Summary['classification']) =>
  posts.find((p) => p.classification === classification)!;

describe('blog list', () => {
  it('lists published posts newest first, publicly, never with a body', async () => {
    const posts = await list();
    expect(posts.length).toBe(15);
    const dates = posts.map((p) => p.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const post of posts) {
      expect(post).not.toHaveProperty('content');
      expect(Object.keys(post).sort()).toEqual(
        [
          'author',
          'category',
          'classification',
          'excerpt',
          'id',
          'locked',
          'publishedAt',
          'readTime',
          'requiredTier',
          'title',
          'views',
        ].sort(),
      );
    }
  });

  it("marks posts locked for the reader's tier from the session; ?tier= can only narrow it", async () => {
    const anonymous = await list('?tier=4');
    expect(firstOf(anonymous, 'PUBLIC')).toMatchObject({ locked: false, requiredTier: 0 });
    expect(firstOf(anonymous, 'TIER_1')).toMatchObject({ locked: true, requiredTier: 1 });
    expect(firstOf(anonymous, 'TIER_2')).toMatchObject({ locked: true, requiredTier: 2 });

    const user = await registerUser(t.app);
    const tier1 = await list('?tier=2', user.cookie);
    expect(firstOf(tier1, 'TIER_1').locked).toBe(false);
    expect(firstOf(tier1, 'TIER_2').locked).toBe(true);

    await setUserTier(t, user.id, 2);
    expect((await list('', user.cookie)).every((p) => !p.locked)).toBe(true);
    // ?tier= is honoured by narrowing only: a tier-2 reader asking for tier 1 sees the tier-1 locks.
    const narrowed = await list('?tier=1', user.cookie);
    expect(firstOf(narrowed, 'TIER_1').locked).toBe(false);
    expect(firstOf(narrowed, 'TIER_2').locked).toBe(true);
  });

  it('filters by category and caps with ?limit=', async () => {
    for (const category of BLOG_CATEGORIES) {
      const posts = await list(`?${new URLSearchParams({ category })}`);
      expect(posts.length).toBeGreaterThan(0);
      expect(posts.every((p) => p.category === category)).toBe(true);
    }
    expect((await list('?category=')).length).toBe(15);
    expect((await list('?limit=2')).length).toBe(2);
  });

  it('answers 400 for an unknown category or a bad limit', async () => {
    for (const query of [
      '?category=Gossip',
      '?category=intelligence',
      '?limit=0',
      '?limit=abc',
      '?tier=5',
      '?tier=gold',
    ]) {
      const response = await t.app.inject({ url: `/api/blog${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('blog post', () => {
  it('serves a PUBLIC post with its body to anyone and counts each read', async () => {
    const post = firstOf(await list(), 'PUBLIC');
    const first = await t.app.inject({ url: `/api/blog/${post.id}` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: post.id, locked: false, views: post.views + 1 });
    expect(first.json().content.length).toBeGreaterThan(100);
    const second = await t.app.inject({ url: `/api/blog/${post.id}` });
    expect(second.json().views).toBe(post.views + 2);
    expect(firstOf(await list(), 'PUBLIC').views).toBe(post.views + 2);
  });

  it('counts concurrent reads without losing any', async () => {
    const post = firstOf(await list(), 'PUBLIC');
    await Promise.all(Array.from({ length: 10 }, () => t.app.inject({ url: `/api/blog/${post.id}` })));
    expect(firstOf(await list(), 'PUBLIC').views).toBe(post.views + 10);
  });

  it('never serves a locked body: 403 TIER_REQUIRED for anonymous and for tier 1 on TIER_2', async () => {
    const posts = await list();
    const tier1Post = firstOf(posts, 'TIER_1');
    const tier2Post = firstOf(posts, 'TIER_2');

    for (const [post, requiredTier] of [
      [tier1Post, 1],
      [tier2Post, 2],
    ] as const) {
      const response = await t.app.inject({ url: `/api/blog/${post.id}` });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'TIER_REQUIRED',
        message: `Tier ${requiredTier} access required`,
        requiredTier,
      });
    }

    const user = await registerUser(t.app);
    const denied = await t.app.inject({ url: `/api/blog/${tier2Post.id}`, headers: { cookie: user.cookie } });
    expect(denied.statusCode).toBe(403);
    expect(denied.body).not.toContain('##');
    expect(denied.json().requiredTier).toBe(2);

    const allowed = await t.app.inject({
      url: `/api/blog/${tier1Post.id}`,
      headers: { cookie: user.cookie },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().content).toEqual(expect.any(String));

    // Refused reads are not counted.
    expect(firstOf(await list(), 'TIER_2').views).toBe(tier2Post.views);

    await setUserTier(t, user.id, 2);
    const upgraded = await t.app.inject({
      url: `/api/blog/${tier2Post.id}`,
      headers: { cookie: user.cookie },
    });
    expect(upgraded.statusCode).toBe(200);
    expect(upgraded.json()).toMatchObject({ classification: 'TIER_2', locked: false, requiredTier: 2 });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '1', 'x'.repeat(150)]) {
      const response = await t.app.inject({ url: `/api/blog/${id}` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });
});
