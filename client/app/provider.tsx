import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ErrorBoundary } from '@/app/error-boundary';
import { ReauthHost } from '@/app/reauth-host';
import { showSessionExpired } from '@/app/session-expired';
import { loadedToaster, loadToaster } from '@/components/ui/load-toaster';
import { useToast } from '@/components/ui/use-toast';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { queryClient as appQueryClient } from '@/lib/query-client';

/**
 * Mounts the toaster once its code is there: it is fetched at the first key or pointer press (toasts follow what
 * people do) or with the first toast; a toast raised before that waits in the store and shows when it arrives.
 */
function DeferredToaster() {
  const { toasts } = useToast();
  const [module, setModule] = useState(loadedToaster);
  const wanted = toasts.length > 0;
  useEffect(() => {
    if (module) return;
    let active = true;
    const load = () =>
      void loadToaster().then((loaded) => {
        if (active) setModule(loaded);
      });
    if (wanted) load();
    const options = { capture: true, once: true, passive: true } as const;
    window.addEventListener('pointerdown', load, options);
    window.addEventListener('keydown', load, options);
    return () => {
      active = false;
      window.removeEventListener('pointerdown', load, options);
      window.removeEventListener('keydown', load, options);
    };
  }, [module, wanted]);
  return module ? <module.Toaster /> : null;
}

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass a fresh client; the app uses its one shared client. */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient = appQueryClient }: AppProviderProps) {
  // A mutation that finds its session gone tells the person through the app's toasts.
  useEffect(() => setUnauthorizedHandler(showSessionExpired), []);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {children}
        <ReauthHost />
        <DeferredToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
