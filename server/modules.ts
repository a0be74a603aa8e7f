import type { Db } from './db/client.js';
import type { AppConfig } from './config/env.js';
import {
  createContext,
  type AppContext,
  type AppModules,
  type ContextOptions,
  type Settlements,
} from './infra/context.js';
import type { ServerModule } from './infra/module.js';
import { healthModule } from './modules/health/health.module.js';
import { mailModule } from './modules/mail/mail.module.js';
import { metricsModule } from './modules/metrics/metrics.module.js';
import { rateLimitsModule } from './modules/rate-limits/rate-limits.module.js';
import { authModule } from './modules/auth/auth.module.js';
import { setupModule } from './modules/setup/setup.module.js';
import { mfaModule } from './modules/mfa/mfa.module.js';
import { passkeysModule } from './modules/passkeys/passkeys.module.js';
import { notificationsModule } from './modules/notifications/notifications.module.js';
import { eventsModule } from './modules/events/events.module.js';
import { devicesModule } from './modules/devices/devices.module.js';
import { apiKeysModule } from './modules/api-keys/api-keys.module.js';
import { analyticsModule } from './modules/analytics/analytics.module.js';
import { digitalServicesModule } from './modules/digital-services/digital-services.module.js';
import { investigationsModule } from './modules/investigations/investigations.module.js';
import { blogModule } from './modules/blog/blog.module.js';
import { teamModule } from './modules/team/team.module.js';
import { searchModule } from './modules/search/search.module.js';
import { catalogModule } from './modules/catalog/catalog.module.js';
import { cartModule } from './modules/cart/cart.module.js';
import { invoicesModule } from './modules/invoices/invoices.module.js';
import { ordersModule } from './modules/orders/orders.module.js';
import { paymentsModule } from './modules/payments/payments.module.js';
import { subscriptionsModule } from './modules/subscriptions/subscriptions.module.js';
import { dashboardModule } from './modules/dashboard/dashboard.module.js';
import { casesModule } from './modules/cases/cases.module.js';
import { observablesModule } from './modules/observables/observables.module.js';
import { attackModule } from './modules/attack/attack.module.js';
import { evidenceModule } from './modules/evidence/evidence.module.js';
import { reportsModule } from './modules/reports/reports.module.js';
import { aiModule } from './modules/ai/ai.module.js';
import { secureChannelModule } from './modules/secure-channel/secure-channel.module.js';
import { vendorsModule } from './modules/vendors/vendors.module.js';
import { integrationsModule } from './modules/integrations/integrations.module.js';
import { qrCodesModule } from './modules/qr-codes/qr-codes.module.js';
import { enterpriseModule } from './modules/enterprise/enterprise.module.js';
import { organizationModule } from './modules/organization/organization.module.js';
import { ssoModule } from './modules/sso/sso.module.js';
import { scimModule } from './modules/scim/scim.module.js';
import { threatsModule } from './modules/threats/threats.module.js';
import { taxiiModule } from './modules/taxii/taxii.module.js';
import { bulkModule } from './modules/bulk/bulk.module.js';
import { automationModule } from './modules/automation/automation.module.js';
import { accountDeletionModule } from './modules/account-deletion/account-deletion.module.js';
import { auditModule } from './modules/audit/audit.module.js';
import { dataExportModule } from './modules/data-export/data-export.module.js';
import { reviewModule } from './modules/review/review.module.js';

/**
 * Every server module's manifest, in the order `buildApp` registers their routes (health first; the client plugin comes
 * after all of them) and `startJobs` starts their jobs. Adding a module is adding its manifest here.
 */
const manifests = [
  healthModule,
  metricsModule,
  mailModule,
  rateLimitsModule,
  authModule,
  setupModule,
  mfaModule,
  passkeysModule,
  notificationsModule,
  eventsModule,
  devicesModule,
  apiKeysModule,
  analyticsModule,
  digitalServicesModule,
  investigationsModule,
  blogModule,
  teamModule,
  searchModule,
  catalogModule,
  cartModule,
  invoicesModule,
  ordersModule,
  paymentsModule,
  subscriptionsModule,
  dashboardModule,
  casesModule,
  observablesModule,
  attackModule,
  evidenceModule,
  reportsModule,
  aiModule,
  secureChannelModule,
  vendorsModule,
  integrationsModule,
  qrCodesModule,
  enterpriseModule,
  organizationModule,
  ssoModule,
  scimModule,
  threatsModule,
  taxiiModule,
  bulkModule,
  automationModule,
  accountDeletionModule,
  auditModule,
  dataExportModule,
  reviewModule,
] as const satisfies readonly ServerModule[];

export const modules: readonly ServerModule[] = manifests;

type ScheduleKeys<M> = M extends { schedules: infer S } ? keyof S & string : never;

/** The queue names of the modules' scheduled jobs, by the names the modules give them. */
export const SCHEDULES = Object.fromEntries(
  modules.flatMap((module) =>
    Object.entries(module.schedules ?? {}).map(([key, schedule]) => [key, schedule.name]),
  ),
) as Readonly<Record<ScheduleKeys<(typeof manifests)[number]>, string>>;

type Manifest = (typeof manifests)[number];

/** What the manifests' `state` make, by module name. */
type ManifestStates = {
  [M in Manifest as M extends { state: unknown } ? M['name'] : never]: M extends {
    state: (ctx: AppContext) => infer S;
  }
    ? S
    : never;
};

/**
 * `ctx.modules` is typed by the modules' own `AppModules` augmentations, so that a service reads its state without
 * importing this list; this fails to compile unless those entries are exactly what the manifests make, under the
 * same names (a state declared but not made, made but not declared, or of another type).
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type ModuleStatesAgree = Holds<Same<ManifestStates, AppModules>>;

/** Every module's settlement handlers, by payment purpose. */
export function settlementsOf(list: readonly ServerModule[]): Settlements {
  return Object.assign({}, ...list.map((module) => module.settlements ?? {})) as Settlements;
}

/**
 * The context of the whole app: what the server, the job runner, the CLI and the tests build, so that it settles
 * payments and holds every module's state whatever the caller imported.
 */
export function createAppContext(
  db: Db,
  config: AppConfig,
  options: Omit<ContextOptions, 'settlements' | 'modules'> = {},
): AppContext {
  return createContext(db, config, { ...options, settlements: settlementsOf(modules), modules });
}
