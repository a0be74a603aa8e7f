import { LoadingGate } from '@/app/loading-screen';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';

export function App() {
  return (
    <AppProvider>
      <LoadingGate>
        <AppRouter />
      </LoadingGate>
    </AppProvider>
  );
}
