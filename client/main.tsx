import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod/v4/core';
import { App } from '@/app/app';
import { getUserQueryOptions } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import './styles.css';

// zod's fast path compiles validators with `new Function`, which the strict CSP forbids (and reports).
configureZod({ jitless: true });

// Ask who the visitor is while the loading screen plays, so the router can appear at once afterwards.
void queryClient.prefetchQuery(getUserQueryOptions());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
