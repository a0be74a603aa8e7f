import { Star } from 'lucide-react';
import { cn } from '@/lib/utils';

const SCALE = [1, 2, 3, 4, 5] as const;

/** A 1-5 rating as stars (filled up to the rounded value); read out as 'Rated 4.5 out of 5'. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  const shown = Number.isInteger(rating) ? String(rating) : rating.toFixed(1);
  return (
    <span role="img" aria-label={`Rated ${shown} out of 5`} className={cn('inline-flex gap-0.5', className)}>
      {SCALE.map((value) => (
        <Star
          key={value}
          aria-hidden="true"
          className={cn(
            'size-4',
            value <= filled ? 'fill-warning text-warning' : 'fill-transparent text-muted-foreground/50',
          )}
        />
      ))}
    </span>
  );
}
