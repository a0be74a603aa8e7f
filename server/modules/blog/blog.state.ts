import type { BlogPostSummary } from '../../../contract/blog.js';
import type { ModuleState } from '../../infra/module.js';
import { LoadingCache } from '../../lib/loading-cache.js';

/**
 * Lists are read on every visit of the blog and change with a post published by the seed or an operator and with
 * each read's view count, so each (reader tier, category, limit) list is kept for two seconds per app, like the
 * product listing (decisions 003 and 014). A read counted here clears them; one counted by another instance shows
 * within the two seconds.
 */
const LIST_TTL_MS = 2_000;
const MAX_LISTS = 200;

/** What the blog keeps per app: its public lists. */
export interface BlogState extends ModuleState {
  /** `<reader tier>/<category>/<limit>` -> the list. */
  lists: LoadingCache<string, BlogPostSummary[]>;
}

declare module '../../infra/context.js' {
  interface AppModules {
    blog: BlogState;
  }
}

export function createBlogState(): BlogState {
  return { lists: new LoadingCache(LIST_TTL_MS, MAX_LISTS) };
}
