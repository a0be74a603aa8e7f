import { useState, type ReactNode } from 'react';
import { ClipboardCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DecisionButtons } from '@/components/ui/decision-buttons';
import { QueryStates, type ListQuery } from '@/components/ui/list-states';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';

/** One of the two decisions: the action sent to the server, its button's word and the toast once it is done. */
export interface Decision<A extends string> {
  action: A;
  label: string;
  toast: string;
}

/**
 * A second step before approving an item: a dialog that sets out what is being approved (`details`) and whose own
 * button (`confirmLabel`) sends the decision. Until then nothing is sent.
 */
export interface ApproveConfirmation {
  title: string;
  description: string;
  details: ReactNode;
  confirmLabel: string;
  /** Read by screen readers while the decision is on its way ('Confirming'). */
  pendingLabel: string;
}

/** What `DecisionQueue` reads from a TanStack mutation that takes an item's id and the action on it. */
export interface DecisionMutation<A extends string> {
  isPending: boolean;
  variables: { id: string; action: A } | undefined;
  mutate: (
    variables: { id: string; action: A },
    options: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
}

function EmptyQueue({ children }: { children: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-8 text-center">
      <ClipboardCheck aria-hidden="true" className="size-7 text-muted-foreground" />
      <p className="text-sm text-muted-foreground">{children}</p>
    </div>
  );
}

/**
 * A Director's queue in a card: the items waiting for a decision, each with its details and two buttons
 * (approve, reject) that send it, then toast the outcome. `subject` names an item in the buttons'
 * accessible names ("Confirm payment of ann@example.com") and in the success toast ("The payment of …").
 */
export function DecisionQueue<T extends { id: string }, A extends string>({
  title,
  description,
  query,
  mutation,
  texts,
  itemTestId,
  decisions,
  subject,
  canApprove,
  confirmApprove,
  failedText,
  children,
}: {
  title: string;
  description: string;
  query: ListQuery<T[]>;
  mutation: DecisionMutation<A>;
  /** The skeleton's spoken label, a failed load's reason, the empty queue's sentence and the list's label. */
  texts: { loading: string; error: string; empty: string; list: string };
  itemTestId: string;
  decisions: { approve: Decision<A>; reject: Decision<A> };
  subject: (item: T) => string;
  /** False keeps an item's approve button off; every item can be approved when left out. */
  canApprove?: (item: T) => boolean;
  /** When given, approving first opens this confirmation of the item; its button sends the decision. */
  confirmApprove?: (item: T) => ApproveConfirmation;
  /** The failure toast's text when the API gives no reason of its own (errorMessage). */
  failedText: string;
  /** An item's details, left of its buttons. */
  children: (item: T) => ReactNode;
}) {
  // The item whose approval waits for its second step, if any.
  const [confirming, setConfirming] = useState<T | null>(null);
  const confirmation = confirming && confirmApprove ? confirmApprove(confirming) : null;

  function decide(item: T, { action, toast: title }: Decision<A>) {
    mutation.mutate(
      { id: item.id, action },
      {
        onSuccess: () => {
          setConfirming(null);
          toast({ title, description: `The ${subject(item)}.` });
        },
        onError: (error) => {
          setConfirming(null);
          toastFailure(error, failedText);
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={query}
          loading={{ label: texts.loading, className: 'gap-2', rowClassName: 'h-16' }}
          error={texts.error}
          empty={<EmptyQueue>{texts.empty}</EmptyQueue>}
        >
          {(items) => (
            <ul aria-label={texts.list} className="grid gap-2">
              {items.map((item) => (
                <li
                  key={item.id}
                  data-testid={itemTestId}
                  className="grid gap-3 rounded-lg border bg-surface p-4 sm:grid-cols-[1fr_auto] sm:items-center"
                >
                  <div className="min-w-0 space-y-1">{children(item)}</div>
                  <DecisionButtons
                    subject={subject(item)}
                    busy={mutation.isPending && mutation.variables?.id === item.id}
                    labels={{ approve: decisions.approve.label, reject: decisions.reject.label }}
                    canApprove={canApprove?.(item)}
                    onDecide={(approve) => {
                      if (approve && confirmApprove) setConfirming(item);
                      else decide(item, approve ? decisions.approve : decisions.reject);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </CardContent>
      {confirmation && confirming && (
        <ConfirmDialog
          open
          onCancel={() => setConfirming(null)}
          onConfirm={() => decide(confirming, decisions.approve)}
          title={confirmation.title}
          description={confirmation.description}
          confirmLabel={confirmation.confirmLabel}
          confirmVariant="default"
          pendingLabel={confirmation.pendingLabel}
          pending={mutation.isPending && mutation.variables?.id === confirming.id}
        >
          {confirmation.details}
        </ConfirmDialog>
      )}
    </Card>
  );
}
