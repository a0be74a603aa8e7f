import { useState } from 'react';
import { FileText } from 'lucide-react';
import { BLOG_CATEGORIES, type BlogCategory } from '@contract/blog-categories';
import { Button } from '@/components/ui/button';
import { QueryStates } from '@/components/ui/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { useBlogPosts } from '@/features/blog/api/get-blog-posts';
import { PostCard } from '@/features/blog/components/post-card';

function LoadingPosts() {
  return (
    <ul aria-hidden="true" className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className="grid gap-4 rounded-lg border bg-card p-5">
          <div className="flex justify-between">
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-4 w-16" />
          </div>
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-12" />
          <Skeleton className="h-3 w-2/3" />
          <Skeleton className="h-8" />
        </li>
      ))}
    </ul>
  );
}

/** Category filter: All plus the five categories; the pressed button is the current one. */
function CategoryFilter({
  value,
  onChange,
}: {
  value: BlogCategory | null;
  onChange: (category: BlogCategory | null) => void;
}) {
  const options: { label: string; category: BlogCategory | null }[] = [
    { label: 'All', category: null },
    ...BLOG_CATEGORIES.map((category) => ({ label: category, category })),
  ];
  return (
    <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
      {options.map(({ label, category }) => (
        <Button
          key={label}
          size="sm"
          variant={value === category ? 'default' : 'outline'}
          aria-pressed={value === category}
          onClick={() => onChange(category)}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}

/**
 * The intelligence blog: posts newest first with a category filter. Which posts are locked is the
 * server's answer for this session; `viewerTier` only keys the list so it is refetched when the tier changes.
 */
export function BlogList({ viewerTier }: { viewerTier: number | null }) {
  const [category, setCategory] = useState<BlogCategory | null>(null);
  const posts = useBlogPosts({ category: category ?? undefined, tier: viewerTier ?? undefined });

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <header className="mb-8 space-y-6 border-b pb-6">
        <div className="space-y-2">
          <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Intel blog</p>
          <h1 className="text-3xl font-bold tracking-tight">Intelligence Briefings</h1>
          <p className="max-w-2xl text-muted-foreground">
            Field notes from our analysts and operatives on intelligence, operational security,
            communications, digital forensics and the law. Classified briefings open to clients of the
            matching tier.
          </p>
        </div>
        <CategoryFilter value={category} onChange={setCategory} />
      </header>

      <section aria-label="Posts" aria-busy={posts.isPending}>
        <QueryStates
          query={posts}
          loading={{ label: 'Loading briefings', children: <LoadingPosts /> }}
          error={{
            message: 'The briefings could not be loaded. Check your connection and try again.',
            className: 'items-center rounded-lg border border-dashed px-6 py-16 text-center',
          }}
          empty={
            <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-16 text-center">
              <FileText aria-hidden="true" className="size-8 text-muted-foreground" />
              <p className="text-muted-foreground">No briefings in this category yet.</p>
            </div>
          }
        >
          {(data) => (
            <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
              {data.map((post) => (
                <li key={post.id} className="flex">
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </section>
    </div>
  );
}
