import { useState } from 'react';
import { Lock } from 'lucide-react';
import type { SecureChannelReceipt } from '@contract/secure-channel';
import { DIRECTOR_TIER } from '@contract/tiers';
import { SecureChannelConfirmation } from '@/features/secure-channel/components/secure-channel-confirmation';
import { SecureChannelForm } from '@/features/secure-channel/components/secure-channel-form';
import { SecureChannelReviews } from '@/features/secure-channel/components/secure-channel-reviews';
import { useUser } from '@/lib/auth';

/**
 * /secure-channel, in three states: editing, submitting, submitted. 'Submit Another Request' mounts a new form,
 * so nothing of the previous request is left in it. Directors also get the review queue below the form.
 */
export function SecureChannel() {
  const [receipt, setReceipt] = useState<SecureChannelReceipt | null>(null);
  const { data: user } = useUser();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <header className="mb-8 space-y-2 border-b pb-6">
        <p className="flex items-center gap-2 font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">
          <Lock aria-hidden="true" className="size-3.5" />
          Encrypted intake
        </p>
        <h1 className="text-3xl font-bold tracking-tight">Secure Channel Request</h1>
        <p className="max-w-2xl text-muted-foreground">
          Ask for an encrypted line to our analysts. Every request is vetted by our security team before a
          channel is opened.
        </p>
      </header>
      {receipt ? (
        <SecureChannelConfirmation receipt={receipt} onSubmitAnother={() => setReceipt(null)} />
      ) : (
        <SecureChannelForm onSubmitted={setReceipt} />
      )}
      {(user?.tier ?? 0) >= DIRECTOR_TIER && <SecureChannelReviews />}
    </div>
  );
}
