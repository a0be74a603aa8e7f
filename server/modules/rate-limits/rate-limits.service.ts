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

/** Throws 429 when `key` has already used up its window (for limits that count only failures). */
export async function assertNotBlocked(db: DbOrTx, key: string, limit: Limit): Promise<void> {
  const state = await repository.find(db, key);
  if (state && state.count >= limit.max) throw rateLimited(secondsUntil(state.resetAt));
}

/** Counts one attempt and throws 429 once the window holds more than `limit.max` of them. */
export async function consume(db: DbOrTx, key: string, limit: Limit): Promise<void> {
  const state = await repository.increment(db, key, limit.windowMs);
  if (state.count > limit.max) throw rateLimited(secondsUntil(state.resetAt));
}

/** Counts a failure without throwing (the next `assertNotBlocked` decides); returns the window's count. */
export async function recordFailure(db: DbOrTx, key: string, limit: Limit): Promise<number> {
  return (await repository.increment(db, key, limit.windowMs)).count;
}

export async function reset(db: DbOrTx, key: string): Promise<void> {
  await repository.remove(db, key);
}

export async function purgeExpired(db: DbOrTx): Promise<number> {
  return repository.removeExpired(db);
}
