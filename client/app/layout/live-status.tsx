import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { forgetSession, userQueryKey } from '@/lib/auth';
import { useLiveEventStream, useLiveEvents, useStreamStatus } from '@/lib/live-events';

/**
 * The tab's live event stream while signed in (design 12.6), what it tells the app itself (a new tier: the user is
 * read again, so the tier badge and what the tier opens follow; a session ended: the page is signed out), and a
 * line saying so once it has been down for 10 seconds.
 */
export function LiveStatus({ signedIn }: { signedIn: boolean }) {
  const queryClient = useQueryClient();
  useLiveEventStream(signedIn);
  useLiveEvents({
    'tier.changed': () => void queryClient.invalidateQueries({ queryKey: userQueryKey }),
    'signed-out': ({ signedInAgain }) => {
      if (signedInAgain) return void queryClient.invalidateQueries({ queryKey: userQueryKey });
      forgetSession(queryClient);
      toast({ title: 'Signed out', description: 'Your session has ended. Sign in again to continue.' });
    },
  });
  const { reconnecting } = useStreamStatus();
  if (!signedIn || !reconnecting) return null;
  return (
    <div
      role="status"
      data-testid="live-reconnecting"
      className="border-b border-amber-500/40 bg-amber-500/10 px-4 py-2 text-center text-sm text-amber-700 dark:text-amber-300"
    >
      Reconnecting to live updates... what you see is refreshed every 30 seconds meanwhile.
    </div>
  );
}
