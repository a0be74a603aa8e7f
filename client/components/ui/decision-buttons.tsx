import { Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * Approve and Reject for one item in a Director's review queue; both off while its decision is in flight. Each
 * button's accessible name is its label and the subject ("Approve upgrade of ann@example.com").
 */
export function DecisionButtons({
  subject,
  busy,
  onDecide,
  labels = { approve: 'Approve', reject: 'Reject' },
  canApprove = true,
}: {
  subject: string;
  busy: boolean;
  onDecide: (approve: boolean) => void;
  /** The two buttons' words, when the decision is not an approval ("Confirm" and "Fail" a payment). */
  labels?: { approve: string; reject: string };
  /** False keeps Approve off while the item cannot be approved yet; Reject stays on. */
  canApprove?: boolean;
}) {
  return (
    <div className="flex gap-2 sm:justify-self-end">
      <Button
        size="sm"
        disabled={busy || !canApprove}
        aria-label={`${labels.approve} ${subject}`}
        onClick={() => onDecide(true)}
      >
        <Check aria-hidden="true" />
        {labels.approve}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={`${labels.reject} ${subject}`}
        onClick={() => onDecide(false)}
      >
        <X aria-hidden="true" />
        {labels.reject}
      </Button>
    </div>
  );
}
