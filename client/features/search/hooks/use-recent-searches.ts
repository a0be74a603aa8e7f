import { useCallback, useState } from 'react';
import {
  addRecentSearch,
  readRecentSearches,
  writeRecentSearches,
} from '@/features/search/utils/recent-searches';

/** The session's recent searches (the last 5, newest first, no repeats), kept in sessionStorage. */
export function useRecentSearches() {
  const [recent, setRecent] = useState<string[]>(readRecentSearches);

  const add = useCallback((text: string) => {
    setRecent((previous) => {
      const next = addRecentSearch(previous, text);
      writeRecentSearches(next);
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    writeRecentSearches([]);
    setRecent([]);
  }, []);

  return { recent, add, clear };
}
