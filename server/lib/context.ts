import type { AppConfig } from '../config/env.js';
import type { Db } from '../db/client.js';

/** What a service needs from the running app: the database and the configuration. */
export interface AppContext {
  db: Db;
  config: AppConfig;
}

/** Who made a request, for the audit log and rate limits. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
}
