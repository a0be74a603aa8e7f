import type { DbOrTx } from '../../db/client.js';
import { rateLimited } from '../../lib/errors.js';
import * as repository from './rate-limits.repository.js';

export interface Limit {
  max: number;
  windowMs: number;
}

function secondsUntil(date: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));
}

/**
 * For limits on guesses (a password, a code): counts the attempt before it is checked and throws 429 once the window
 * already holds `limit.max` of them; the caller resets the window when the attempt succeeds, so what stays counted
 * are the failures. Counted first, in one statement: attempts sent at the same moment each take their own place in
 * the count, where a check that read the count and recorded a failure afterwards let all of them through.
 * Returns the window's count with this attempt.
 */
export async function countAttempt(db: DbOrTx, key: string, limit: Limit): Promise<number> {
  const state = await repository.increment(db, key, limit.windowMs);
  if (state.count > limit.max) throw rateLimited(secondsUntil(state.resetAt));
  return state.count;
}

/** Counts one attempt and throws 429 once the window holds more than `limit.max` of them. */
export async function consume(db: DbOrTx, key: string, limit: Limit): Promise<void> {
  const state = await repository.increment(db, key, limit.windowMs);
  if (state.count > limit.max) throw rateLimited(secondsUntil(state.resetAt));
}

export async function reset(db: DbOrTx, key: string): Promise<void> {
  await repository.remove(db, key);
}

export async function purgeExpired(db: DbOrTx): Promise<number> {
  return repository.removeExpired(db);
}
