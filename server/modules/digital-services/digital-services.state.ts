import type { DigitalService } from '../../../contract/digital-services.js';
import type { ModuleState } from '../../infra/module.js';
import { LoadingCache } from '../../lib/loading-cache.js';

/**
 * The suite is read on every visit of its page and written only by the seed, so it is kept for two seconds per
 * app, like the product listing (decisions 003 and 014).
 */
const SUITE_TTL_MS = 2_000;

/** What the digital services keep per app: the suite. */
export interface DigitalServicesState extends ModuleState {
  suite: LoadingCache<'suite', DigitalService[]>;
}

declare module '../../infra/context.js' {
  interface AppModules {
    'digital-services': DigitalServicesState;
  }
}

export function createDigitalServicesState(): DigitalServicesState {
  return { suite: new LoadingCache(SUITE_TTL_MS, 1) };
}
