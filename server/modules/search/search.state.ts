import type { AppContext } from '../../infra/context.js';
import type { ModuleState } from '../../infra/module.js';
import { SearchStore } from './search.repository.js';

/** What the search keeps per app: its connections, the word list's forms it has read, and its log (SearchStore). */
export interface SearchState extends ModuleState {
  store: SearchStore;
  /** Writes the log's last entries and closes the search's connections. */
  close(): Promise<void>;
}

declare module '../../infra/context.js' {
  interface AppModules {
    search: SearchState;
  }
}

export function createSearchState(ctx: AppContext): SearchState {
  const store = new SearchStore(ctx.databaseUrl, ctx.changes);
  return { store, close: () => store.end() };
}
