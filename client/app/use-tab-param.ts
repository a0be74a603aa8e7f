import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

/**
 * A page's current tab, kept in the address (`?tab=api-keys`) so a link or a reload opens the same tab. The
 * first tab is the default and leaves the address clean; an unknown value falls back to it. Switching tabs
 * replaces the history entry.
 */
export function useTabParam<T extends string>(tabs: readonly [T, ...T[]]): [T, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = tabs[0];
  const requested = params.get('tab');
  const tab = tabs.find((candidate) => candidate === requested) ?? fallback;

  const setTab = useCallback(
    (next: string) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (next === fallback) updated.delete('tab');
          else updated.set('tab', next);
          return updated;
        },
        { replace: true },
      ),
    [fallback, setParams],
  );

  return [tab, setTab];
}
