import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** A list or panel whose data failed to load: the reason, announced, and a way to try again. */
export function LoadError({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-start gap-3', className)}>
      <p role="alert" className="text-sm text-muted-foreground">
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
