import { MessageSquare } from 'lucide-react';
import type { ProductDetail } from '@contract/catalog';
import { Skeleton } from '@/components/ui/skeleton';
import { useReviews } from '@/features/catalog/api/get-reviews';
import { ReviewForm } from '@/features/catalog/components/review-form';
import { Stars } from '@/features/catalog/components/stars';
import { formatDate } from '@/lib/format';

/** The Reviews tab: the average and count, the buyers' reviews, and the form for a buyer who has not reviewed. */
export function ProductReviews({ product }: { product: ProductDetail }) {
  const reviews = useReviews(product.id);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        {product.averageRating !== null && product.reviewCount > 0 ? (
          <>
            <span className="font-mono text-3xl font-bold">{product.averageRating.toFixed(1)}</span>
            <div className="grid gap-1">
              <Stars rating={product.averageRating} />
              <span className="text-sm text-muted-foreground">
                {product.reviewCount} {product.reviewCount === 1 ? 'review' : 'reviews'}
              </span>
            </div>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            Reviews come from verified buyers of this equipment.
          </p>
        )}
      </div>

      {reviews.isPending ? (
        <div className="grid gap-3" aria-hidden="true">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : reviews.isError ? (
        <p role="alert" className="text-sm text-muted-foreground">
          Reviews could not be loaded.
        </p>
      ) : reviews.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
          <MessageSquare aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">No reviews yet</p>
          <p className="text-sm text-muted-foreground">
            {product.canReview ? 'Be the first to review it.' : 'Buyers of this item can review it here.'}
          </p>
        </div>
      ) : (
        <ul aria-label="Reviews" className="grid gap-3">
          {reviews.data.map((review) => (
            <li key={review.id} className="grid gap-2 rounded-lg border bg-card p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Stars rating={review.rating} />
                <span className="font-mono text-xs text-muted-foreground">
                  {formatDate(review.createdAt)}
                </span>
              </div>
              <p className="text-sm whitespace-pre-line">{review.body}</p>
              <p className="text-xs text-muted-foreground">{review.authorName}</p>
            </li>
          ))}
        </ul>
      )}

      {product.canReview && <ReviewForm productId={product.id} />}
    </div>
  );
}
