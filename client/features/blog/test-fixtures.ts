import type { BlogPost, BlogPostSummary } from '@contract/blog';

export function makePost(overrides: Partial<BlogPostSummary> = {}): BlogPostSummary {
  return {
    id: '6f1c2a9e-0000-4000-8000-000000000001',
    title: 'Executive Travel Security Checklist',
    excerpt: 'What we check before a principal travels.',
    category: 'Operational Security',
    classification: 'PUBLIC',
    author: 'Kabir Raghunathan',
    readTime: 6,
    views: 6390,
    publishedAt: '2026-02-03T04:45:00.000Z',
    locked: false,
    requiredTier: 0,
    ...overrides,
  };
}

export const lockedTier2Post = makePost({
  id: '6f1c2a9e-0000-4000-8000-000000000002',
  title: 'Cloud Audit Logs as Evidence',
  excerpt: 'How to preserve cloud logs so they stand up.',
  category: 'Digital Forensics',
  classification: 'TIER_2',
  author: 'Meera Iyer-Kapoor',
  views: 1093,
  publishedAt: '2026-10-07T08:45:00.000Z',
  locked: true,
  requiredTier: 2,
});

export function withContent(post: BlogPostSummary, content: string): BlogPost {
  return { ...post, content };
}
