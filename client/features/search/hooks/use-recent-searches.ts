import { useCallback, useState } from 'react';
import {
  addRecentSearch,
  readRecentSearches,
  writeRecentSearches,
} from '@/features/search/utils/recent-searches';

/** The session's recent searches (spec 5.1), kept in sessionStorage. */
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
