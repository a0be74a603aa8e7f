import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ErrorBoundary } from '@/app/error-boundary';
import { showSessionExpired } from '@/app/session-expired';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { queryClient as appQueryClient } from '@/lib/query-client';

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
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
