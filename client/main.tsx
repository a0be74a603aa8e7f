import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadMemberLayout } from '@/app/layout/member-parts';
import { willShowLoadingScreen } from '@/app/loading-screen-seen';
import { preloadLinkedPages, preloadPage } from '@/app/route-pages';
import { getUserQueryOptions, maybeSignedIn } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { makeZodJitless } from '@/lib/zod-csp';
import './styles.css';

makeZodJitless();

// Ask who the visitor is while the loading screen plays, so the router can appear at once afterwards.
void queryClient.prefetchQuery(getUserQueryOptions());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render is a transition: React renders it in slices of about 5 ms and yields to the browser between
// them, instead of in one task (on /marketplace about 50 ms of this machine's main thread, 200 ms on Lighthouse's
// slowed-down phone, counted as blocking time). Decision 026.
const render = () => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};

// The page's own code is on its way beside this script (decision 023): render once it is here, so the first paint
// is the page itself, not its spinner; a member's page with the banner above it, not pushed down when that arrives.
// The loading screen covers the page, so it starts at once and the code arrives while it plays. A failed load
// renders anyway; the page then fails to load as it would have.
const code = Promise.all([
  preloadPage(window.location.pathname),
  maybeSignedIn() ? preloadMemberLayout() : undefined,
]).catch(() => undefined);
if (willShowLoadingScreen()) render();
else void code.then(render);
// And the next page's code from the moment a link to it is pointed at.
preloadLinkedPages();
