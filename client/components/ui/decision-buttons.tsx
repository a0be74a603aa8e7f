import { Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Approve and Reject for one item in a Director's review queue; both off while its decision is in flight. */
export function DecisionButtons({
  subject,
  busy,
  onDecide,
}: {
  subject: string;
  busy: boolean;
  onDecide: (approve: boolean) => void;
}) {
  return (
    <div className="flex gap-2 sm:justify-self-end">
      <Button size="sm" disabled={busy} aria-label={`Approve ${subject}`} onClick={() => onDecide(true)}>
        <Check aria-hidden="true" />
        Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={`Reject ${subject}`}
        onClick={() => onDecide(false)}
      >
        <X aria-hidden="true" />
        Reject
      </Button>
    </div>
  );
}
