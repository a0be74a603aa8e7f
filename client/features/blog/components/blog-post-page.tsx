import type { ReactNode } from 'react';
import { ArrowLeft, FileX, Lock, LogIn } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useBlogPost } from '@/features/blog/api/get-blog-post';
import { ClassificationBadge } from '@/features/blog/components/classification-badge';
import { PostMarkdown } from '@/features/blog/components/post-markdown';
import { PostMeta } from '@/features/blog/components/post-meta';
import { upgradeMessage } from '@/features/blog/utils/blog';
import { ApiError } from '@/lib/api-client';
import { LOGIN_URL } from '@/lib/constants';

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
      <Link href={paths.blog.getHref()}>
        <ArrowLeft aria-hidden="true" />
        Back to Intel Blog
      </Link>
    </Button>
  );
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center gap-5 px-4 py-20 text-center">
      {icon}
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </section>
  );
}

function LoadingPost() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6" aria-busy="true">
      <span role="status" className="sr-only">
        Loading briefing
      </span>
      <Skeleton className="mb-8 h-8 w-40" />
      <Skeleton className="mb-4 h-4 w-32" />
      <Skeleton className="mb-4 h-9 w-3/4" />
      <Skeleton className="mb-10 h-4 w-1/2" />
      <div className="grid gap-3">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-4" />
        ))}
      </div>
    </div>
  );
}

/**
 * One briefing (`/blog/{id}`): its Markdown body, rendered without raw HTML. Above the reader's tier the server
 * answers 403 and the page shows which tier opens it; an unknown id reads as not found.
 */
export function BlogPostPage({ postId, viewerTier }: { postId: string; viewerTier: number | null }) {
  const query = useBlogPost(postId, viewerTier);

  if (query.isPending) return <LoadingPost />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 404) {
      return (
        <Notice
          icon={<FileX aria-hidden="true" className="size-10 text-muted-foreground" />}
          title="Post Not Found"
        >
          <p className="max-w-prose text-muted-foreground">
            This briefing does not exist or has been withdrawn.
          </p>
          <BackLink />
        </Notice>
      );
    }
    if (error instanceof ApiError && error.status === 403) {
      const requiredTier = error.body?.requiredTier;
      return (
        <Notice
          icon={<Lock aria-hidden="true" className="size-10 text-warning" />}
          title="Classified Briefing"
        >
          <p className="max-w-prose text-muted-foreground">
            {requiredTier ? upgradeMessage(requiredTier) : 'Your clearance does not cover this briefing.'}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            {viewerTier === null ? (
              <Button asChild>
                <a href={`${LOGIN_URL}?${new URLSearchParams({ returnTo: paths.blogPost.getHref(postId) })}`}>
                  <LogIn aria-hidden="true" />
                  Sign in
                </a>
              </Button>
            ) : (
              <Button asChild>
                <Link href={paths.payments.getHref()}>Upgrade clearance</Link>
              </Button>
            )}
            <Button asChild variant="outline">
              <Link href={paths.blog.getHref()}>Back to Intel Blog</Link>
            </Button>
          </div>
        </Notice>
      );
    }
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
        <BackLink />
        <LoadError
          className="mt-8"
          message="This briefing could not be loaded. Check your connection and try again."
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }

  const post = query.data;
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6" aria-labelledby="post-title">
      <BackLink />
      <header className="mt-6 space-y-4 border-b pb-6">
        <div className="flex flex-wrap items-center gap-3">
          <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">
            {post.category}
          </p>
          <ClassificationBadge classification={post.classification} />
        </div>
        <h1 id="post-title" className="text-3xl font-bold tracking-tight">
          {post.title}
        </h1>
        <p className="text-lg text-muted-foreground">{post.excerpt}</p>
        <PostMeta post={post} />
      </header>
      <div data-testid="post-body" className="pt-2">
        <PostMarkdown content={post.content} />
      </div>
    </article>
  );
}
