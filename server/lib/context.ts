import type { AppConfig } from '../config/env.js';
import type { Db } from '../db/client.js';
import { createCaches, type AppCaches } from './caches.js';
import { ChangeFeed } from './change-feed.js';
import { EventBus } from './events.js';
import { createPaymentProvider, type PaymentProvider } from './payments.js';
import { JobQueue } from './queue.js';

/** What a service needs from the running app: the database, the configuration and outside providers. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  payments: PaymentProvider;
  events: EventBus;
  /** The database's change announcements; `buildApp` starts and stops it. */
  changes: ChangeFeed;
  caches: AppCaches;
  /** Background work (pg-boss); `buildApp` stops it, `startJobs` attaches the workers. */
  queue: JobQueue;
}

type ContextOptions = Partial<Pick<AppContext, 'payments' | 'events' | 'queue'>> & {
  /** Where the change feed listens and jobs are queued; without it caches read through and jobs cannot be sent. */
  databaseUrl?: string;
};

export function createContext(db: Db, config: AppConfig, options: ContextOptions = {}): AppContext {
  const changes = new ChangeFeed(options.databaseUrl ?? null);
  return {
    db,
    config,
    payments: options.payments ?? createPaymentProvider(config),
    events: options.events ?? new EventBus(),
    changes,
    caches: createCaches(changes),
    queue: options.queue ?? new JobQueue(options.databaseUrl ?? null),
  };
}

/** Who made a request, for the audit log and rate limits. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
}
