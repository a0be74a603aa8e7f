import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Star } from 'lucide-react';
import type { z } from 'zod';
import { createReviewRequestSchema, REVIEW_BODY_MAX, REVIEW_BODY_MIN } from '@contract/catalog';
import { Button } from '@/components/ui/button';
import { FormField, FormMessage } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useCreateReview } from '@/features/catalog/api/create-review';
import { useApiForm } from '@/lib/use-api-form';
import { cn } from '@/lib/utils';

type ReviewFormInput = z.input<typeof createReviewRequestSchema>;
type ReviewFormOutput = z.output<typeof createReviewRequestSchema>;

const RATINGS = [1, 2, 3, 4, 5] as const;

/** A buyer's review: 1-5 stars (radio buttons drawn as stars) and a text, checked by the API's own schema. */
export function ReviewForm({ productId }: { productId: string }) {
  const id = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const createReview = useCreateReview(productId);
  const {
    register,
    control,
    submit,
    formState: { errors },
  } = useApiForm<ReviewFormInput, ReviewFormOutput>(createReviewRequestSchema, {
    defaultValues: { rating: undefined, body: '' },
  });
  const rating = Number(useWatch({ control, name: 'rating' })) || 0;
  const shown = hovered ?? rating;

  const onSubmit = submit((values) => createReview.mutateAsync(values), {
    unauthorized: { title: 'Authentication Required', description: 'Please log in to post a review.' },
    fields: ['body', 'rating'],
    fallbackMessage: 'Your review could not be posted. Please try again.',
    reset: true,
    successToast: { title: 'Review Posted', description: 'Thank you for reviewing this equipment.' },
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Write a review"
      className="grid gap-4 rounded-lg border bg-card p-5"
    >
      <h3 className="font-semibold">Write a review</h3>
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <fieldset className="grid gap-2" aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend className={cn('mb-2 text-sm font-medium', errors.rating && 'text-red-400')}>Rating</legend>
        <div className="flex gap-1" onMouseLeave={() => setHovered(null)}>
          {RATINGS.map((value) => (
            <label
              key={value}
              onMouseEnter={() => setHovered(value)}
              className="cursor-pointer rounded-sm p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input type="radio" value={value} className="sr-only" {...register('rating')} />
              <Star
                aria-hidden="true"
                className={cn(
                  'size-6 transition-colors',
                  value <= shown ? 'fill-warning text-warning' : 'fill-transparent text-muted-foreground/60',
                )}
              />
              <span className="sr-only">
                {value} {value === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </div>
        {errors.rating?.message && (
          <p id={`${id}-rating-error`} className="text-xs font-medium text-red-400">
            {errors.rating.message}
          </p>
        )}
      </fieldset>
      <FormField
        label="Your review"
        error={errors.body?.message}
        hint={`${REVIEW_BODY_MIN} to ${REVIEW_BODY_MAX} characters.`}
      >
        {(control) => <Textarea {...control} rows={4} maxLength={REVIEW_BODY_MAX} {...register('body')} />}
      </FormField>
      <Button type="submit" disabled={createReview.isPending} className="justify-self-start">
        {createReview.isPending && <Spinner className="text-primary-foreground" label="Posting review" />}
        Post Review
      </Button>
    </form>
  );
}
