import type { PaymentPurpose } from '../../contract/payments.js';
import type { AppConfig } from '../config/env.js';
import type { Db, Tx } from '../db/client.js';
import type { PaymentRow } from '../db/schema/payments.js';
import { ChangeFeed } from './change-feed.js';
import { EventBus } from './events.js';
import { createPaymentProvider, type PaymentProvider } from './payments.js';
import { createMailSender, type MailSender } from './mail.js';
import { JobQueue } from './queue.js';
import { createBlobStore, type BlobStore } from './storage.js';
import type { ModuleState, ServerModule } from './module.js';

/**
 * Every module's per-app state, by the module's name: empty here, since the infrastructure knows no module; each
 * module with state adds its entry by module augmentation beside its state's type (`declare module
 * '../../infra/context.js' { interface AppModules { cart: CartState } }`), and `server/modules.ts` checks at compile
 * time that the entries are exactly what the manifests' `state` make (decision 010).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' augmentations
export interface AppModules {}

/** What a service needs from the running app: the database, the configuration and outside providers. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  payments: PaymentProvider;
  events: EventBus;
  /** Where the database is, for modules that open connections of their own (search); null when not given. */
  databaseUrl: string | null;
  /** The database's change announcements; `buildApp` starts and stops it. */
  changes: ChangeFeed;
  /** Each module's per-app state (caches, memos, pools), made once by its manifest's `state`. */
  modules: AppModules;
  /** Drops what every module's state holds for a user; called as a mutation by that user answers. */
  forgetUser(userId: string): void;
  /** Closes what the modules' states opened; `buildApp` calls it when the app closes. */
  closeModules(): Promise<void>;
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
 * announcements). `ip` is the address of the request that settled it (the payer's, a Director's, the provider's
 * webhook), for the audit trail; null when a job did.
 */
export type SettlementHandler = (
  ctx: AppContext,
  tx: Tx,
  payment: PaymentRow,
  ip: string | null,
) => Promise<(() => Promise<void>) | void>;

export interface Settlement {
  handler: SettlementHandler;
  /** Where the receipt of a settled payment of this purpose links to (default '/payments'). */
  receiptUrl?: string;
  /**
   * What the receipt of one completed payment says about what it bought (an order's number, lines and invoice), in
   * the settling transaction; null: the plain receipt.
   */
  receipt?: (
    ctx: AppContext,
    tx: Tx,
    payment: PaymentRow,
  ) => Promise<{ actionUrl: string; message: string; details: { label: string; value: string }[] } | null>;
}

export type Settlements = Readonly<Partial<Record<PaymentPurpose, Settlement>>>;

export type ContextOptions = Partial<
  Pick<AppContext, 'payments' | 'events' | 'queue' | 'mailer' | 'now' | 'storage'>
> & {
  /** Where the change feed listens and jobs are queued; without it caches read through and jobs cannot be sent. */
  databaseUrl?: string;
  /** Required, so that nothing builds a context that settles nothing: `createAppContext` passes every module's. */
  settlements: Settlements;
  /** Required, so that no context lacks a module's state: `createAppContext` passes every module. */
  modules: readonly ServerModule[];
};

export function createContext(db: Db, config: AppConfig, options: ContextOptions): AppContext {
  const databaseUrl = options.databaseUrl ?? null;
  const states: ModuleState[] = [];
  const ctx: AppContext = {
    db,
    config,
    payments: options.payments ?? createPaymentProvider(config),
    events: options.events ?? new EventBus(),
    databaseUrl,
    changes: new ChangeFeed(databaseUrl),
    // Filled below, once the rest of the context, which the states are made from, is there.
    modules: {} as AppModules,
    forgetUser(userId) {
      for (const state of states) state.forgetUser?.(userId);
    },
    async closeModules() {
      await Promise.all(states.map((state) => state.close?.()));
    },
    queue: options.queue ?? new JobQueue(databaseUrl, { config }),
    mailer: options.mailer ?? createMailSender({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    settlements: options.settlements,
    now: options.now ?? (() => new Date()),
    storage: options.storage ?? createBlobStore(config),
  };
  const made: Record<string, ModuleState> = {};
  for (const module of options.modules) {
    if (!module.state) continue;
    const state = module.state(ctx);
    made[module.name] = state;
    states.push(state);
  }
  ctx.modules = made as unknown as AppModules;
  return ctx;
}

/** Who made a request, for the audit log and rate limits. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** The session (its public id) or API key (`key:<id>`) the request came with, when signed in. */
  session?: string;
}
