import { Suspense, useEffect, useRef, useState } from 'react';
import { setReauthHandler } from '@/lib/api-client';
import { lazyNamed } from '@/lib/lazy-named';

// Loaded the first time an action asks for a proof: most sessions never see it.
const ReauthDialog = lazyNamed(() => import('@/features/auth/components/reauth-dialog'), 'ReauthDialog');

interface PendingProof {
  promise: Promise<boolean>;
  resolve: (proved: boolean) => void;
}

/**
 * Installs the API client's re-authentication handler (design 12.2): a guarded call that answers REAUTH_REQUIRED
 * opens the one dialog, and is sent again once the person proved it is them. Calls refused at the same moment wait
 * for the same dialog.
 */
export function ReauthHost() {
  const current = useRef<PendingProof | null>(null);
  const [pending, setPending] = useState<PendingProof | null>(null);
  useEffect(() => {
    setReauthHandler(() => {
      if (current.current) return current.current.promise;
      let resolve!: (proved: boolean) => void;
      const promise = new Promise<boolean>((done) => (resolve = done));
      current.current = { promise, resolve };
      setPending(current.current);
      return promise;
    });
    return () => setReauthHandler(null);
  }, []);
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog
        onDone={(proved) => {
          current.current = null;
          setPending(null);
          pending.resolve(proved);
        }}
      />
    </Suspense>
  );
}
