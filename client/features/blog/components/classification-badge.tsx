import { Lock } from 'lucide-react';
import type { BlogClassification } from '@contract/blog';
import { Badge } from '@/components/ui/badge';
import { CLASSIFICATION_BADGE } from '@/features/blog/utils/blog';

export function ClassificationBadge({
  classification,
  locked = false,
}: {
  classification: BlogClassification;
  locked?: boolean;
}) {
  const { label, variant } = CLASSIFICATION_BADGE[classification];
  return (
    <Badge variant={locked ? 'outline' : variant} title={`Classification: ${label}`}>
      {locked && <Lock aria-hidden="true" />}
      {label}
    </Badge>
  );
}
