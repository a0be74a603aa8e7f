import { useEffect, useRef } from 'react';
import { CheckCircle2, Clock, KeyRound, ShieldCheck, UserCheck, type LucideIcon } from 'lucide-react';
import type { SecureChannelReceipt } from '@contract/secure-channel';
import { Button } from '@/components/ui/button';

const REVIEW_STEPS: readonly { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: 'Background verification',
    description: 'We verify your identity, your organization and the references you gave.',
    icon: UserCheck,
  },
  {
    title: 'Security officer review',
    description:
      'A security officer weighs your purpose and operational need against the classification asked for.',
    icon: ShieldCheck,
  },
  {
    title: 'Access provisioning',
    description:
      'Once approved, your encrypted channel is set up and its details reach you through your secure contact.',
    icon: KeyRound,
  },
];

interface SecureChannelConfirmationProps {
  receipt: SecureChannelReceipt;
  onSubmitAnother: () => void;
}

/** What happens next: the three review steps and the timeline. */
export function SecureChannelConfirmation({ receipt, onSubmitAnother }: SecureChannelConfirmationProps) {
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the person was reading is gone: take them (and their screen reader) to what replaced it. Focus alone
  // would scroll the heading just to the top edge, under the sticky header: the section is scrolled to the top
  // instead, short of the header by its scroll margin.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
    sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, []);

  return (
    <section
      ref={sectionRef}
      aria-labelledby="secure-channel-submitted"
      // The sticky header's height (top bar and navigation) and some air.
      className="grid scroll-mt-36 gap-8"
    >
      <div className="flex flex-col items-center gap-3 text-center">
        <CheckCircle2 aria-hidden="true" className="size-12 text-primary" />
        <h2
          id="secure-channel-submitted"
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight outline-none"
        >
          Request Submitted for Security Review
        </h2>
        <p className="max-w-xl text-muted-foreground">
          Your request is in the review queue. Keep this reference if you need to contact us about it.
        </p>
        <p className="rounded-md border bg-surface px-3 py-1.5 font-mono text-xs text-muted-foreground">
          Reference <span className="text-foreground">{receipt.id}</span>
        </p>
      </div>

      <ol aria-label="Review steps" className="grid gap-3">
        {REVIEW_STEPS.map(({ title, description, icon: Icon }, index) => (
          <li key={title} className="flex gap-4 rounded-lg border bg-card p-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-md border border-primary/40 bg-primary/10 text-primary">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="space-y-1">
              <p className="font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">
                Step {index + 1}
              </p>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{description}</p>
            </div>
          </li>
        ))}
      </ol>

      <p className="flex items-start gap-3 rounded-md border bg-surface p-4 text-sm text-muted-foreground">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>
          Standard requests are reviewed within <strong className="text-foreground">24-48 hours</strong>.
          Requests at a higher data classification may take longer.
        </span>
      </p>

      <div className="flex justify-center">
        <Button variant="outline" onClick={onSubmitAnother}>
          Submit Another Request
        </Button>
      </div>
    </section>
  );
}
