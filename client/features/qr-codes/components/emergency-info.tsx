import { Link } from 'wouter';
import { LifeBuoy, PhoneCall, ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

const STEPS = [
  'Get yourself and anyone with you to a safe place first. If life is in danger, call local emergency services.',
  "Call the firm's 24/7 operations line: the number on your engagement documents or the card this code came on.",
  'Quote the emergency code below. It tells the duty officer who you are and which file to open.',
  'Stay reachable, and do not discuss the matter on open channels until the duty officer says so.',
] as const;

/** Where an emergency QR code leads (`/emergency?code=`): what to do, with the holder's code to quote. */
export function EmergencyInfo({ code }: { code: string | null }) {
  return (
    <section className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-16">
      <div className="grid justify-items-center gap-3 text-center">
        <ShieldAlert aria-hidden="true" className="size-10 text-destructive" />
        <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Emergency</p>
        <h1 className="text-3xl font-bold tracking-tight">Emergency information</h1>
      </div>
      {code ? (
        <div className="grid justify-items-center gap-2 rounded-lg border border-destructive/50 bg-destructive/10 p-6">
          <p className="text-sm text-muted-foreground">Your emergency code</p>
          <p data-testid="emergency-code" className="font-mono text-3xl font-bold tracking-widest break-all">
            {code}
          </p>
        </div>
      ) : (
        <p role="alert" className="rounded-md border px-4 py-3 text-center text-sm text-muted-foreground">
          This link carries no emergency code. Call the operations line and give your name instead.
        </p>
      )}
      <ol className="grid gap-3">
        {STEPS.map((step, index) => (
          <li key={step} className="flex gap-3 rounded-md border bg-surface px-4 py-3 text-sm">
            <span className="font-mono font-semibold text-primary">{index + 1}.</span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-center gap-3 text-sm text-muted-foreground">
        <PhoneCall aria-hidden="true" className="size-4" />
        The operations line is staffed around the clock.
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href={paths.secureChannel.getHref()}>
            <LifeBuoy aria-hidden="true" />
            Request a secure channel
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={paths.home.getHref()}>Go home</Link>
        </Button>
      </div>
    </section>
  );
}
