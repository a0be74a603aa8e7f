import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { beaconPageViews, reportPageViews } from '@/features/analytics/api/report-page-views';
import { PageViewBatcher } from '@/features/analytics/utils/page-view-batcher';

/**
 * Reports every route the visitor sees to the analytics API, in batches (mounted once, in the app shell). Nothing
 * here can block the page or show an error.
 */
export function usePageViewReporting(): void {
  const [location] = useLocation();
  const [batcher] = useState(() => new PageViewBatcher({ send: reportPageViews, beacon: beaconPageViews }));
  // One view per route change: a re-run of the effect for the same location (React's development double run)
  // is not a new view.
  const lastReported = useRef<string | null>(null);

  useEffect(() => {
    if (lastReported.current === location) return;
    lastReported.current = location;
    batcher.add(location);
  }, [batcher, location]);

  useEffect(() => {
    const sendNow = () => batcher.flush({ beacon: true });
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') sendNow();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    // Some browsers skip visibilitychange when a tab closes; pagehide still fires.
    window.addEventListener('pagehide', sendNow);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', sendNow);
      // Unmounted (the shell is replaced): send what is waiting rather than drop it.
      batcher.flush();
    };
  }, [batcher]);
}
