import type { AppConfig } from '../config/env.js';
import type { Db } from '../db/client.js';
import { EventBus } from './events.js';
import { createPaymentProvider, type PaymentProvider } from './payments.js';

/** What a service needs from the running app: the database, the configuration and outside providers. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  payments: PaymentProvider;
  events: EventBus;
}

export function createContext(db: Db, config: AppConfig, overrides: Partial<AppContext> = {}): AppContext {
  return { db, config, payments: createPaymentProvider(config), events: new EventBus(), ...overrides };
}

/** Who made a request, for the audit log and rate limits. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
}
