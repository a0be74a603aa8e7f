import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ErrorBoundary } from '@/app/error-boundary';
import { showSessionExpired } from '@/app/session-expired';
import { useToast } from '@/components/ui/use-toast';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { queryClient as appQueryClient } from '@/lib/query-client';

const loadToaster = () => import('@/components/ui/toaster');
const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

/**
 * The toasts' code (Radix Toast and its layers) is not part of the first page's JavaScript (issue 19): it is
 * fetched at the first interaction, and mounted with the first toast, which waits for it if need be.
 */
function DeferredToaster() {
  const { toasts } = useToast();
  const [mounted, setMounted] = useState(false);
  if (toasts.length > 0 && !mounted) setMounted(true);
  // Toasts follow what people do: fetch their code at the first key or pointer press, off the page's load.
  useEffect(() => {
    const prefetch = () => void loadToaster();
    const options = { capture: true, once: true, passive: true } as const;
    window.addEventListener('pointerdown', prefetch, options);
    window.addEventListener('keydown', prefetch, options);
    return () => {
      window.removeEventListener('pointerdown', prefetch, options);
      window.removeEventListener('keydown', prefetch, options);
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
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
        <DeferredToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
