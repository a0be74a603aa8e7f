import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import type { AppContext, Settlements } from './context.js';
import type { JobDefinition, ScheduleDefinition } from './job.js';

/** What every module's routes are given when `buildApp` registers them. */
export interface RouteDeps {
  ctx: AppContext;
  database: Database;
}

/** A Fastify plugin of one module's routes; it takes what it needs from `RouteDeps`. */
export type ModuleRoutes = (app: FastifyInstance, deps: RouteDeps) => Promise<void>;

const ownScopes = new WeakSet<ModuleRoutes>();

/**
 * Marks a route plugin that changes its Fastify scope (a body parser, an error handler, a hook or a request
 * decoration of its own): `buildApp` registers it in a scope of its own, so that the change stays with its routes.
 * Every other route plugin is registered in the app's scope, so what it adds to its scope applies to every route:
 * Fastify makes a request and a reply class per scope, and the code every request runs slows down once it has seen
 * more classes than V8 tracks one by one (decision 048).
 */
export function inOwnScope<T extends ModuleRoutes>(routes: T): T {
  ownScopes.add(routes);
  return routes;
}

/** Whether `inOwnScope` marked the plugin. */
export function hasOwnScope(routes: ModuleRoutes): boolean {
  return ownScopes.has(routes);
}

/**
 * What a module keeps between requests (its caches, memos, pools, stores), made once per context by its manifest's
 * `state` and reached as `ctx.modules.<name>` (decision 010). The context calls these hooks of every module's state.
 */
export interface ModuleState {
  /** Drops what this instance holds for a user; called as a mutation by that user answers (`ctx.forgetUser`). */
  forgetUser?(userId: string): void;
  /** Releases what the state opened (connections, timers); the app calls it when it closes. */
  close?(): Promise<void>;
}

/**
 * What one server module brings to the app, in one place: `buildApp` registers the routes and subscriptions of
 * the module list in its order, `startJobs` starts the schedules and jobs, and `createAppContext` makes each
 * module's state and hands the settlement handlers to payments through the context. Nothing registers itself when
 * imported.
 */
export interface ServerModule {
  name: string;
  /** Route plugins, registered in this order, in the app's scope unless marked `inOwnScope`. */
  routes?: readonly ModuleRoutes[];
  /** Listens to the event bus; `buildApp` calls it once, before any module's routes. */
  subscribe?: (ctx: AppContext) => void;
  /** Scheduled maintenance jobs (`defineSchedule`), by a name the tests use. */
  schedules?: Readonly<Record<string, ScheduleDefinition>>;
  /** The module's queued jobs (`defineJob`); the job runner attaches a worker for each after the queue started. */
  jobs?: readonly JobDefinition[];
  /** What this module does when a pending payment of one of its purposes is settled. */
  settlements?: Settlements;
  /**
   * Makes the module's per-app state, once per context, reached as `ctx.modules.<name>`. A module with state declares
   * its type in `AppModules` (infra/context.ts) by module augmentation, under its name, and its manifest `as const`
   * so that `server/modules.ts` can check the two agree.
   */
  state?: (ctx: AppContext) => ModuleState;
}
