import type { AppConfig } from '../config/env.js';
import type { Db } from '../db/client.js';
import { createCaches, type AppCaches } from './caches.js';
import { ChangeFeed } from './change-feed.js';
import { EventBus } from './events.js';
import { createPaymentProvider, type PaymentProvider } from './payments.js';

/** What a service needs from the running app: the database, the configuration and outside providers. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  payments: PaymentProvider;
  events: EventBus;
  /** The database's change announcements; `buildApp` starts and stops it. */
  changes: ChangeFeed;
  caches: AppCaches;
}

type ContextOptions = Partial<Pick<AppContext, 'payments' | 'events'>> & {
  /** Where the change feed listens; without it caches read through (scripts, tests of services). */
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
  };
}

/** Who made a request, for the audit log and rate limits. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
}
