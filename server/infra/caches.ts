import type { CartLine } from '../../contract/cart.js';
import type { SessionRow, UserRow } from '../db/schema/users.js';
import type { ChangeFeed } from './change-feed.js';
import { CoherentCache } from './change-feed.js';

/** The hot reads of signed-in requests, kept per instance and coherent through the database's change feed. */
export interface AppCaches {
  /** Session id hash -> the session and its user. */
  sessions: CoherentCache<{ session: SessionRow; user: UserRow }>;
  /** User id -> the cart's lines. */
  carts: CoherentCache<CartLine[]>;
  /** Drops what this instance holds for a user; called as a mutation by that user answers. */
  forgetUser(userId: string): void;
}

const TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

export function createCaches(feed: ChangeFeed): AppCaches {
  const sessions = new CoherentCache<{ session: SessionRow; user: UserRow }>(feed, TTL_MS, MAX_ENTRIES);
  const carts = new CoherentCache<CartLine[]>(feed, TTL_MS, MAX_ENTRIES);
  const forgetUser = (userId: string) => {
    sessions.deleteWhere((entry) => entry.user.id === userId);
    carts.delete(userId);
  };
  feed.onChange((topic, key) => {
    switch (topic) {
      case 'user':
        return forgetUser(key);
      case 'session':
        return sessions.delete(key);
      case 'cart':
        return carts.delete(key);
      case 'product':
        return carts.deleteWhere((lines) => lines.some((line) => line.product.id === key));
    }
  });
  return { sessions, carts, forgetUser };
}
