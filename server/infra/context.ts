import type { PaymentPurpose } from '../../contract/payments.js';
import type { AppConfig } from '../config/env.js';
import type { Db, Tx } from '../db/client.js';
import type { PaymentRow } from '../db/schema/payments.js';
import { createCaches, type AppCaches } from './caches.js';
import { ChangeFeed } from './change-feed.js';
import { EventBus } from './events.js';
import { createPaymentProvider, type PaymentProvider } from './payments.js';
import { createMailSender, type MailSender } from './mail.js';
import { JobQueue } from './queue.js';
import { createBlobStore, type BlobStore } from './storage.js';

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
  /** Where the `mail.send` job hands messages: SMTP_URL's server, or the outbox alone when it is unset. */
  mailer: MailSender;
  /** What each payment purpose does once its pending payment is settled; the modules' manifests declare them. */
  settlements: Settlements;
  /**
   * The time the service-level clocks read (decision 019): the system clock, which a test may replace to move time
   * forward without waiting.
   */
  now: () => Date;
  /** Where evidence files and reports keep their bytes, by SHA-256 (`DATA_DIR/files` by default). */
  storage: BlobStore;
}

/**
 * What a payment's purpose does once a pending payment is settled (an order becomes paid, an upgrade takes
 * effect). Handlers run in the settling transaction and return what to do after it commits (events, cache
 * announcements).
 */
export type SettlementHandler = (
  ctx: AppContext,
  tx: Tx,
  payment: PaymentRow,
) => Promise<(() => Promise<void>) | void>;

export interface Settlement {
  handler: SettlementHandler;
  /** Where the receipt of a settled payment of this purpose links to (default '/payments'). */
  receiptUrl?: string;
}

export type Settlements = Readonly<Partial<Record<PaymentPurpose, Settlement>>>;

export type ContextOptions = Partial<
  Pick<AppContext, 'payments' | 'events' | 'queue' | 'mailer' | 'now' | 'storage'>
> & {
  /** Where the change feed listens and jobs are queued; without it caches read through and jobs cannot be sent. */
  databaseUrl?: string;
  /** Required, so that nothing builds a context that settles nothing: `createAppContext` passes every module's. */
  settlements: Settlements;
};

export function createContext(db: Db, config: AppConfig, options: ContextOptions): AppContext {
  const changes = new ChangeFeed(options.databaseUrl ?? null);
  return {
    db,
    config,
    payments: options.payments ?? createPaymentProvider(config),
    events: options.events ?? new EventBus(),
    changes,
    caches: createCaches(changes),
    queue: options.queue ?? new JobQueue(options.databaseUrl ?? null, { config }),
    mailer: options.mailer ?? createMailSender({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    settlements: options.settlements,
    now: options.now ?? (() => new Date()),
    storage: options.storage ?? createBlobStore(config),
  };
}

/** Who made a request, for the audit log and rate limits. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
}
