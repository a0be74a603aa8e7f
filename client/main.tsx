import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { getUserQueryOptions } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { makeZodJitless } from '@/lib/zod-csp';
import './styles.css';

makeZodJitless();

// Ask who the visitor is while the loading screen plays, so the router can appear at once afterwards.
void queryClient.prefetchQuery(getUserQueryOptions());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
